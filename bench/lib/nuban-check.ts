/**
 * The NUBAN check digit written out again for the black-box benches (issue #36), independently of
 * the portal's (packages/contract/src/nuban.ts): CBN's 2010 scheme, the 3-digit bank code and the
 * 9-digit serial weighted 3,7,3,3,7,3,…, check digit 10 − (sum mod 10), 10 → 0. The codes of the
 * banks the benches write, by their names folded to lower-case letters (CBN's list); Access also
 * Diamond's 063, whose accounts it took over with their numbers (a number valid under either exists).
 */
const CODE_OF: Record<string, string> = {
  accessbank: '044',
  accessbankplc: '044',
  zenithbank: '057',
  zenithbankplc: '057',
  fidelitybank: '070',
  sterlingbank: '232',
  wemabank: '035',
  polarisbank: '076',
  gtbank: '058',
  guarantytrustbankplc: '058',
  uba: '033',
  unitedbankforafrica: '033',
  unitedbankforafricaplc: '033',
  firstbank: '011',
  firstbankofnigeria: '011',
  firstbankofnigerialtd: '011',
};

const codeOf = (bank: string) => {
  const code = CODE_OF[bank.toLowerCase().replace(/[^a-z0-9]/g, '')];
  if (!code) throw new Error(`bench: no CBN code for ${bank}`);
  return code;
};

function checkDigit(code: string, serial: string): number {
  const digits = `${code}${serial}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * [3, 7, 3][i % 3]!;
  return (10 - (sum % 10)) % 10;
}

/** A valid account number at `bank` for a serial (its last 9 digits, zero-padded). */
export function validNuban(bank: string, serial: number | string): string {
  const s = String(serial).padStart(9, '0').slice(-9);
  return `${s}${checkDigit(codeOf(bank), s)}`;
}

/** Whether `account` fails the check digit of `bank` (a bank of CODE_OF). */
export const failsNuban = (bank: string, account: string) =>
  [codeOf(bank), ...(codeOf(bank) === '044' ? ['063'] : [])].every(
    (code) => Number(account[9]) !== checkDigit(code, account.slice(0, 9)),
  );
