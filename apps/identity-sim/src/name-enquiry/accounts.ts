import fs from 'node:fs';
import { parse } from 'csv-parse';
import { ACCOUNTS_FILE_COLUMNS } from '@portal/optima/name-enquiry/demo-accounts';
import type { AccountQuery, AccountResult } from '@portal/optima/name-enquiry/protocol';

/** One account the simulated bank knows: open in a name (and maybe with a BVN), or closed. */
export type KnownAccount = { status: 'FOUND'; accountName: string; bvn?: string } | { status: 'CLOSED' };

/** The accounts the simulator knows, by bank code and account number. */
export type Accounts = ReadonlyMap<string, KnownAccount>;

export const accountKey = (bankCode: string, accountNumber: string) =>
  `${bankCode.trim()}:${accountNumber.trim()}`;

/** The answer about one account, echoing the query as asked; not in the file: NOT_FOUND. */
export function lookupAccount(accounts: Accounts, query: AccountQuery): AccountResult {
  const echo = { bankCode: query.bankCode, accountNumber: query.accountNumber };
  const known = accounts.get(accountKey(query.bankCode, query.accountNumber));
  if (!known) return { ...echo, status: 'NOT_FOUND' };
  if (known.status === 'CLOSED') return { ...echo, status: 'CLOSED' };
  return {
    ...echo,
    status: 'FOUND',
    accountName: known.accountName,
    ...(known.bvn ? { bvn: known.bvn } : {}),
  };
}

/**
 * Reads an accounts file (ACCOUNTS_FILE_COLUMNS; status FOUND or CLOSED, a name for FOUND, the BVN
 * optional). A malformed row stops the start with its line number, as a wrong population would.
 */
export async function loadAccounts(file: string): Promise<Map<string, KnownAccount>> {
  const accounts = new Map<string, KnownAccount>();
  const parser = fs
    .createReadStream(file)
    .pipe(parse({ columns: true, bom: true, trim: true, skip_empty_lines: true, info: true }));
  let checkedHeader = false;
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    if (!checkedHeader) {
      const missing = ACCOUNTS_FILE_COLUMNS.filter((column) => !(column in record));
      if (missing.length > 0) throw new Error(`${file}: missing column(s) ${missing.join(', ')}`);
      checkedHeader = true;
    }
    const { bankCode = '', accountNumber = '', status, accountName = '', bvn = '' } = record;
    const where = `${file}:${info.lines}`;
    if (!bankCode || !accountNumber) throw new Error(`${where}: bankCode and accountNumber are required`);
    if (bvn && !/^\d{11}$/.test(bvn)) throw new Error(`${where}: a BVN is 11 digits`);
    let known: KnownAccount;
    if (status === 'CLOSED') known = { status: 'CLOSED' };
    else if (status === 'FOUND' && accountName) {
      known = { status: 'FOUND', accountName, ...(bvn ? { bvn } : {}) };
    } else throw new Error(`${where}: status must be FOUND (with an accountName) or CLOSED`);
    const key = accountKey(bankCode, accountNumber);
    if (accounts.has(key)) throw new Error(`${where}: account ${bankCode}/${accountNumber} listed twice`);
    accounts.set(key, known);
  }
  return accounts;
}
