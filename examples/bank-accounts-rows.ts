import { nubanProblem } from '@portal/contract/nuban';
import { fullNameOf } from '../apps/identity-sim/src/demo-names.ts';
import { bankKeyOf, cbnBankOf } from '../apps/server/src/modules/integrity/bank-key.ts';
import type { MasterRow } from './master-list-rows.ts';

/**
 * The demo account name provider's accounts (issue #36 item 2), derived from the master list's Bank,
 * Account Number and BVN columns. The outcome of a row depends on its index only: bucket =
 * (index × 43) mod 100 (43 is coprime with 100, so every block of 100 rows has the same mix):
 * < 90 the account in the employee's own name, < 95 in another employee's name (with that one's
 * BVN), < 97 closed, else unknown to the bank. Names are written in capitals, as banks hold them.
 * An account number that cannot exist at its bank (a wrong check digit, INVALID_ACCOUNT_NUMBER) is
 * unknown whatever its bucket; an account on several rows (SHARED_BANK_ACCOUNT) is the first row's.
 */
export type AccountOutcome = 'own' | 'otherName' | 'closed' | 'unknown';

export function accountOutcomeOf(index: number): AccountOutcome {
  const bucket = (index * 43) % 100;
  if (bucket < 90) return 'own';
  if (bucket < 95) return 'otherName';
  if (bucket < 97) return 'closed';
  return 'unknown';
}

export interface BankAccount {
  bankCode: string;
  accountNumber: string;
  status: 'FOUND' | 'CLOSED';
  accountName: string;
  bvn: string;
}

/** How far down the list the holder of an account in another name is (never the row itself). */
const OTHER_OFFSET = 997;

export function deriveBankAccounts(rows: readonly MasterRow[]): {
  accounts: BankAccount[];
  counts: Record<AccountOutcome | 'invalid' | 'shared', number>;
} {
  const accounts: BankAccount[] = [];
  const seen = new Set<string>();
  const counts = { own: 0, otherName: 0, closed: 0, unknown: 0, invalid: 0, shared: 0 };
  rows.forEach((row, index) => {
    if (!row.bank || !row.accountNumber) return;
    const codes = cbnBankOf(bankKeyOf(row.bank) ?? '')?.codes;
    if (!codes) throw new Error(`no CBN code for ${row.bank}`);
    const key = `${codes[0]}:${row.accountNumber}`;
    if (seen.has(key)) {
      counts.shared += 1;
      return;
    }
    seen.add(key);
    if (nubanProblem(codes, row.accountNumber)) {
      counts.invalid += 1;
      return;
    }
    const outcome = accountOutcomeOf(index);
    counts[outcome] += 1;
    if (outcome === 'unknown') return;
    const base = { bankCode: codes[0]!, accountNumber: row.accountNumber };
    if (outcome === 'closed') {
      accounts.push({ ...base, status: 'CLOSED', accountName: '', bvn: '' });
      return;
    }
    let holder = row;
    if (outcome === 'otherName') {
      for (let step = OTHER_OFFSET; fullNameOf(holder.name) === fullNameOf(row.name); step += 1)
        holder = rows[(index + step) % rows.length]!;
    }
    accounts.push({
      ...base,
      status: 'FOUND',
      accountName: fullNameOf(holder.name).toUpperCase(),
      bvn: holder.bvn ?? '',
    });
  });
  return { accounts, counts };
}
