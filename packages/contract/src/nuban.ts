/**
 * The NUBAN check digit (issue #36 item 1): a Nigerian account number is a 9-digit serial and a
 * check digit computed with its bank's CBN code, so a number that fails it for the bank the payroll
 * names cannot exist there (fabricated or mistyped). CBN, "Proposals on the implementation of NUBAN
 * scheme" v0.4 (2010): digits of the 3-digit bank code and the serial weighted 3,7,3,3,7,3,…, the
 * check digit 10 − (sum mod 10), 10 → 0. CBN, "Revised standards on NUBAN for DMBs and OFIs" (2018
 * exposure circular, psmd): every institution code is 6 digits, a bank's 3-digit code prefixed
 * with 000 (weights 3,7,3 on zeros: the same digit as the 2010 scheme) and a 5-digit OFI code with
 * 9. Zod-free: the server's SQL (integrity's INVALID_ACCOUNT_NUMBER) uses the code's part of the
 * sum from here, the benches and the demo data write valid numbers with it.
 */

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/** A CBN institution code as the revised standard writes it: 6 digits; null when it is none. */
export function institutionCode6(code: string): string | null {
  if (!/^\d+$/.test(code)) return null;
  if (code.length === 3) return `000${code}`;
  if (code.length === 5) return `9${code}`;
  return code.length === 6 ? code : null;
}

const weighted = (digits: string, from: number) =>
  [...digits].reduce((sum, d, i) => sum + Number(d) * WEIGHTS[from + i]!, 0);

/** The code's part of the weighted sum, mod 10 (the server's SQL adds the serial's part). */
export function codeWeight(code: string): number {
  const six = institutionCode6(code);
  if (!six) throw new Error(`Not a CBN institution code: ${code}`);
  return weighted(six, 0) % 10;
}

/** The serial's part of the weighted sum (9 digits). */
export const serialWeight = (serial: string) => weighted(serial, 6);

/** The check digit of a 9-digit serial at the bank of `code`. */
export function nubanCheckDigit(code: string, serial: string): number {
  if (!/^\d{9}$/.test(serial)) throw new Error('A NUBAN serial is 9 digits');
  return (10 - ((codeWeight(code) + serialWeight(serial)) % 10)) % 10;
}

/** The 10-digit account number of a 9-digit serial at the bank of `code`. */
export const nubanOf = (code: string, serial: string) => `${serial}${nubanCheckDigit(code, serial)}`;

export type NubanProblem =
  | { problem: 'LENGTH'; length: number }
  | { problem: 'NOT_DIGITS' }
  | { problem: 'CHECK_DIGIT'; expected: number; actual: number };

/**
 * Why `account` cannot be a NUBAN of a bank with any of `codes` (a bank that took over another
 * keeps the other's code for its accounts: Access and Diamond); null when it can.
 */
export function nubanProblem(codes: readonly string[], account: string): NubanProblem | null {
  if (!/^\d*$/.test(account)) return { problem: 'NOT_DIGITS' };
  if (account.length !== 10) return { problem: 'LENGTH', length: account.length };
  const serial = account.slice(0, 9);
  const actual = Number(account[9]);
  const expected = codes.map((c) => nubanCheckDigit(c, serial));
  return expected.includes(actual) ? null : { problem: 'CHECK_DIGIT', expected: expected[0]!, actual };
}
