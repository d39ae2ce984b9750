import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FlagsPage } from '@portal/contract/integrity';
import { createTestPortal, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { currentSummary } from '../helpers/integrity.ts';

/**
 * A flag's copy of its record's search terms (migration 0036) against a rename that lands while
 * the run re-raising the flag is between its findings and its merge (CI, stop 52: a Work ID
 * changed by an UPDATE the test made while the run an edit asked for was under way). The merge
 * reads the record's terms itself, so the flag is found by the new value at once. PostgreSQL only:
 * it takes a second connection holding the flags table while the run waits.
 */
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let recordId: string;

const found = async (q: string) => {
  const res = await portal.api.get(`/api/v1/integrity/flags?q=${encodeURIComponent(q)}`, { token: a.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as FlagsPage).items.map((f) => f.psn);
};

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  const [seeded] = await seedRecords(portal, a.tenant.id, [
    // Past retirement age: the first step of every run finds it.
    {
      fullName: 'Okon Bassey',
      psn: 'PSNR1',
      employeeId: 'W-78',
      nin: '53000000001',
      dateOfBirth: '1950-01-01',
    },
  ]);
  recordId = seeded!;
  expect((await portal.api.post('/api/v1/integrity/evaluate', { token: a.token })).statusCode).toBe(202);
  await currentSummary(portal, a.token);
  expect(await found('w-78')).toEqual(['PSNR1']);
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

it('a Work ID changed between a run’s findings and its merge is the one the flag is found by', async () => {
  const held = new pg.Client({ connectionString: portal.databaseUrl });
  await held.connect();
  try {
    // The flags table held: the run's first step takes its findings (the records as they were),
    // then waits at its merge for the table.
    await held.query('begin');
    await held.query('lock table integrity_flags in exclusive mode');
    const before = (await currentSummary(portal, a.token)).evaluatedAt;
    expect((await portal.api.post('/api/v1/integrity/evaluate', { token: a.token })).statusCode).toBe(202);
    await waitFor(async () => {
      const waiting = await held.query<{ n: number }>(
        `select count(*)::int as n from pg_locks where relation = 'integrity_flags'::regclass and not granted`,
      );
      return waiting.rows[0]!.n > 0 ? true : undefined;
    }, 30_000);
    // The Work ID changes (the records' trigger rewrites the flag's copy), and the merge goes on.
    await held.query(`update records set employee_id = 'W-90' where id = $1`, [recordId]);
    await held.query('commit');
    await currentSummary(portal, a.token, before);
  } finally {
    await held.end();
  }
  expect(await found('w-90')).toEqual(['PSNR1']);
  expect(await found('w-78')).toEqual([]);
});
