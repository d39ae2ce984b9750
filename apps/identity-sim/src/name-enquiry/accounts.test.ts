import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS_FILE } from '@portal/optima/name-enquiry/demo-accounts';
import { accountKey, loadAccounts, lookupAccount } from './accounts.ts';

const MASTER_LIST = new URL('../../../../examples/master-list.csv', import.meta.url);

/** The rule of examples/bank-accounts-rows.ts: the master list's row index decides. */
const bucketOf = (index: number) => (index * 43) % 100;

describe('the demo accounts (examples/bank-accounts.csv)', () => {
  it('follow the master list: 90 in 100 in the own name, 5 in another, 2 closed, 3 unknown', async () => {
    const accounts = await loadAccounts(DEMO_ACCOUNTS_FILE);
    const rows = parse(fs.readFileSync(MASTER_LIST), { columns: true }) as Record<string, string>[];
    // The file's accounts by number alone (unique across banks in the sample).
    const byNumber = new Map([...accounts].map(([key, known]) => [key.split(':')[1]!, known]));
    expect(byNumber.size).toBe(accounts.size);
    const seen = new Set<string>();
    const tally = { own: 0, otherName: 0, closed: 0, unknown: 0, missing: 0, shared: 0 };
    rows.forEach((row, index) => {
      const number = row['Account Number']!;
      if (seen.has(number)) return void tally.shared++;
      seen.add(number);
      const known = byNumber.get(number);
      const bucket = bucketOf(index);
      if (bucket >= 97) {
        expect(known, `row ${index}`).toBeUndefined();
        tally.unknown++;
      } else if (!known) {
        tally.missing++; // a number that cannot exist at its bank (wrong check digit)
      } else if (bucket >= 95) {
        expect(known, `row ${index}`).toEqual({ status: 'CLOSED' });
        tally.closed++;
      } else {
        expect(known.status).toBe('FOUND');
        const name = known.status === 'FOUND' ? known.accountName : '';
        if (bucket < 90) {
          expect(name, `row ${index}`).toBe(row['Full Name']!.toUpperCase());
          expect(known).toMatchObject({ bvn: row.BVN });
          tally.own++;
        } else {
          expect(name, `row ${index}`).not.toBe(row['Full Name']!.toUpperCase());
          expect(rows.some((other) => other['Full Name']!.toUpperCase() === name)).toBe(true);
          tally.otherName++;
        }
      }
    });
    // examples/README.md: the 4 numbers with a wrong check digit are unknown whatever their bucket
    // (one is in an unknown bucket anyway).
    expect(tally).toEqual({ own: 1792, otherName: 100, closed: 40, unknown: 60, missing: 3, shared: 5 });
    expect(accounts.size).toBe(1932);
  });

  it('answer an account with its status, echoing the query; an unlisted one NOT_FOUND', async () => {
    const accounts = new Map([
      [
        accountKey('058', '0123456789'),
        { status: 'FOUND' as const, accountName: 'ADA OBI', bvn: '22123456789' },
      ],
      [accountKey('011', '3012345678'), { status: 'CLOSED' as const }],
    ]);
    expect(lookupAccount(accounts, { bankCode: '058', accountNumber: '0123456789' })).toEqual({
      bankCode: '058',
      accountNumber: '0123456789',
      status: 'FOUND',
      accountName: 'ADA OBI',
      bvn: '22123456789',
    });
    expect(lookupAccount(accounts, { bankCode: '011', accountNumber: ' 3012345678 ' })).toEqual({
      bankCode: '011',
      accountNumber: ' 3012345678 ',
      status: 'CLOSED',
    });
    // The same number at another bank is another account.
    expect(lookupAccount(accounts, { bankCode: '011', accountNumber: '0123456789' }).status).toBe(
      'NOT_FOUND',
    );
  });

  it('refuse a malformed file with the line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-'));
    const write = (body: string) => {
      const file = path.join(dir, `${Math.random()}.csv`);
      fs.writeFileSync(file, `bankCode,accountNumber,status,accountName,bvn\n${body}\n`);
      return file;
    };
    await expect(loadAccounts(write('058,0123456789,FOUND,,'))).rejects.toThrow(/:2: status must be FOUND/);
    await expect(loadAccounts(write('058,0123456789,OPEN,ADA,'))).rejects.toThrow(/status must be/);
    await expect(loadAccounts(write('058,0123456789,FOUND,ADA,123'))).rejects.toThrow(/BVN is 11 digits/);
    await expect(loadAccounts(write('058,0123456789,CLOSED,,\n058,0123456789,CLOSED,,'))).rejects.toThrow(
      /listed twice/,
    );
    fs.rmSync(dir, { recursive: true });
  });
});
