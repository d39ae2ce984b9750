import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrityFlag } from '@portal/contract/integrity';
import { nubanOf } from '@portal/contract/nuban';
import type { BulkJob } from '@portal/contract/verification';
import { DEMO_ACCOUNT_CREDENTIALS } from '@portal/optima/name-enquiry/demo-accounts';
import { createTestPortal, DEMO_ADMIN, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { buildTenantInput, buildUserInput } from '../helpers/factories.ts';
import { uploadFile } from '../helpers/uploads.ts';
import { payrollCsv, type PayrollRow } from '../helpers/payroll-lists.ts';
import { allFlags, currentSummary, decide, psnsByRule, ruleIn } from '../helpers/integrity.ts';
import { startAccountSimProcess, type AccountSimProcess } from '../helpers/simulator-process.ts';
import { freePort } from '../helpers/server-process.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

/**
 * The account check (issue #36 item 3): POST /records/account-check asks the tenant's account name
 * provider (the account simulator, a separate process over real HTTP) about every record with an
 * account number at a bank the portal knows; ACCOUNT_NAME_MISMATCH, ACCOUNT_NOT_FOUND and
 * ACCOUNT_BVN_MISMATCH are raised from its answers. Provider faults are never 'not found'; tenants
 * see only their own jobs and flags; other roles get 403.
 */
let portal: TestPortal;
let admin: string;
const sims: AccountSimProcess[] = [];

const acct = (serial: string) => nubanOf('058', serial);
let nin = 61000000000;
const row = (psn: string, name: string, account: string, extra: Partial<PayrollRow> = {}): PayrollRow => ({
  name,
  psn,
  nin: String(++nin),
  dob: '15/03/1985',
  dofa: '01/02/2010',
  bank: 'GTBank',
  account,
  pay: '90,000',
  ...extra,
});

const A_ROWS: PayrollRow[] = [
  row('PSNC1', 'Ada Obi', acct('100000001'), { bvn: '22200000001' }),
  row('PSNC2', 'Musa Bello', acct('100000002'), { pay: '120,000' }),
  row('PSNC3', 'Ngozi Eze', acct('100000003')),
  row('PSNC4', 'Bola Ade', acct('100000004')),
  row('PSNC5', 'Emeka Nwosu', acct('100000005')),
  row('PSNC6', 'Tunde Bakare', acct('100000006'), { bvn: '22200000006' }),
  row('PSNC7', 'Sani Garba', acct('100000007')),
  // Not asked: a bank the portal's table does not know.
  row('PSNC8', 'Yemi Alade', '1234567890', { bank: 'Bank of Nowhere' }),
];
const B_ROWS: PayrollRow[] = [row('PSNCB1', 'Kemi Ola', acct('200000001'))];

/** The simulator's accounts: PSNC4's is unknown to it (NOT_FOUND), PSNB1's too. */
const ACCOUNTS = [
  ['058', acct('100000001'), 'FOUND', 'ADA OBI', '22200000001'],
  ['058', acct('100000002'), 'FOUND', 'CHIDI OKAFOR', ''],
  ['058', acct('100000003'), 'FOUND', 'EZE NGOZI', ''],
  ['058', acct('100000005'), 'CLOSED', '', ''],
  ['058', acct('100000006'), 'FOUND', 'TUNDE BAKARE', '22299999999'],
  // PSNC7 has no BVN on the list: the bank's is not judged.
  ['058', acct('100000007'), 'FOUND', 'SANI GARBA', '22211111111'],
];

function accountsFile(): string {
  const file = path.join(tempDir('portal-accounts-'), 'accounts.csv');
  fs.writeFileSync(
    file,
    `bankCode,accountNumber,status,accountName,bvn\n${ACCOUNTS.map((a) => a.join(',')).join('\n')}\n`,
  );
  return file;
}

async function startSim(flags: string[] = []): Promise<AccountSimProcess> {
  const sim = await startAccountSimProcess(['--accounts', accountsFile(), ...flags]);
  sims.push(sim);
  return sim;
}

/** A tenant with its admin, its master list and its account provider. */
async function tenantWith(rows: PayrollRow[], provider: { apiBaseUrl: string; clientSecret?: string }) {
  const t = await createTenantWithAdmin(portal);
  const res = await portal.api.put(`/api/v1/global-admin/tenants/${t.tenant.id}`, {
    token: admin,
    body: buildTenantInput({
      subdomain: t.tenant.subdomain,
      accountProvider: {
        apiBaseUrl: provider.apiBaseUrl,
        clientId: DEMO_ACCOUNT_CREDENTIALS.clientId,
        clientSecret: provider.clientSecret ?? DEMO_ACCOUNT_CREDENTIALS.clientSecret,
      },
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const up = await uploadFile(portal, t.token, 'payroll.csv', payrollCsv(rows));
  expect(up.statusCode, up.body).toBe(200);
  await currentSummary(portal, t.token);
  return t;
}

const jobsOf = async (token: string) => {
  const res = await portal.api.get('/api/v1/account-check-jobs', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BulkJob[];
};
const finished = (token: string) =>
  waitFor(async () => {
    const [job] = await jobsOf(token);
    return job && ['COMPLETED', 'FAILED'].includes(job.status) ? job : undefined;
  }, 60_000);

/** Starts an account check and waits for its end and the evaluation it asks for. */
async function check(token: string): Promise<BulkJob> {
  const before = await currentSummary(portal, token);
  const start = await portal.api.post('/api/v1/records/account-check', { token });
  expect(start.statusCode, start.body).toBe(202);
  expect(start.json()).toMatchObject({ status: 'PENDING', totalRecords: 0 });
  const job = await finished(token);
  if (job.processedRecords > job.failedRecords) await currentSummary(portal, token, before.evaluatedAt);
  return job;
}

const accountFlags = async (token: string) =>
  (await allFlags(portal, token)).filter((f) => f.rule.startsWith('ACCOUNT_'));
const checksOf = async (tenantId: string) =>
  (
    await portal.db.orm.execute<{ n: number }>(
      sql`select count(*)::int as n from account_checks where tenant_id = ${tenantId}`,
    )
  ).rows[0]!.n;

let a: Awaited<ReturnType<typeof tenantWith>>;
let b: Awaited<ReturnType<typeof tenantWith>>;
let sim: AccountSimProcess;

beforeAll(async () => {
  portal = await createTestPortal({
    env: { PROVIDER_BACKOFF_MS: '20', PROVIDER_MAX_ATTEMPTS: '2', VERIFY_CHUNK_SIZE: '100' },
  });
  admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  sim = await startSim();
  a = await tenantWith(A_ROWS, { apiBaseUrl: sim.url });
  b = await tenantWith(B_ROWS, { apiBaseUrl: sim.url });
}, 120_000);
afterAll(async () => {
  for (const s of sims) await s.stop();
  await portal?.close();
});

describe('the account check and its rules', () => {
  let flags: IntegrityFlag[];
  it('checks every record at a known bank, once, and counts what the bank said', async () => {
    const job = await check(a.token);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      totalRecords: 7,
      processedRecords: 7,
      successfullyVerifiedRecords: 4,
      mismatchedRecords: 1,
      notFoundRecords: 2,
      failedRecords: 0,
      progressPercent: 100,
    });
    expect(job.statusMessage).toBe(
      'Checked 7 of 7 accounts: 4 found, 1 in another name, 2 not found or closed, 0 failed.',
    );
    const answered = (await (await fetch(`${sim.url}/stats`)).json()) as { answered: Record<string, number> };
    expect(answered.answered).toEqual({ FOUND: 5, CLOSED: 1, NOT_FOUND: 1 });
    flags = await accountFlags(a.token);
    expect(psnsByRule(flags)).toEqual({
      ACCOUNT_NAME_MISMATCH: ['PSNC2'],
      ACCOUNT_NOT_FOUND: ['PSNC4', 'PSNC5'],
      ACCOUNT_BVN_MISMATCH: ['PSNC6'],
    });
  });

  it("ACCOUNT_NAME_MISMATCH: the bank's name, the verdict and its reason; ₦ at stake the monthly pay", () => {
    const f = flags.find((x) => x.rule === 'ACCOUNT_NAME_MISMATCH')!;
    expect(f).toMatchObject({ psn: 'PSNC2', status: 'OPEN', monthlyAmount: 120000 });
    expect(f.evidence).toMatchObject({
      kind: 'ACCOUNT_CHECK',
      bank: 'GTBank',
      bankCode: '058',
      accountNumber: `••••${acct('100000002').slice(-4)}`,
      accountStatus: 'FOUND',
      accountName: 'CHIDI OKAFOR',
      fullName: 'Musa Bello',
      nameVerdict: 'DIFFERENT',
      accountBvn: null,
      listBvn: null,
    });
    expect((f.evidence as { nameReasons: string[] }).nameReasons.length).toBeGreaterThan(0);
  });

  it('a CLOSE name is kept with its reason, not flagged', async () => {
    const [close] = (
      await portal.db.orm.execute<{ name_verdict: string; name_reasons: string[]; account_name: string }>(
        sql`select c.name_verdict, c.name_reasons, c.account_name from account_checks c
          join records r on r.id = c.record_id where r.psn = 'PSNC3' and r.tenant_id = ${a.tenant.id}`,
      )
    ).rows;
    expect(close).toEqual({ name_verdict: 'CLOSE', name_reasons: ['word order'], account_name: 'EZE NGOZI' });
    expect(flags.some((f) => f.psn === 'PSNC3')).toBe(false);
  });

  it('ACCOUNT_NOT_FOUND: no such account, or a closed one with its status in the evidence', () => {
    const byPsn = (psn: string) => flags.find((f) => f.psn === psn && f.rule === 'ACCOUNT_NOT_FOUND')!;
    expect(byPsn('PSNC4').evidence).toMatchObject({ accountStatus: 'NOT_FOUND', accountName: null });
    expect(byPsn('PSNC5').evidence).toMatchObject({ accountStatus: 'CLOSED', accountName: null });
    expect(byPsn('PSNC5').monthlyAmount).toBe(90000);
  });

  it("ACCOUNT_BVN_MISMATCH: the bank's BVN and the list's, masked; a record without a BVN is not judged", () => {
    const f = flags.find((x) => x.rule === 'ACCOUNT_BVN_MISMATCH')!;
    expect(f.psn).toBe('PSNC6');
    expect(f.evidence).toMatchObject({ accountBvn: '••••9999', listBvn: '••••0006', nameVerdict: 'MATCH' });
    expect(flags.some((x) => x.psn === 'PSNC7' || x.psn === 'PSNC1')).toBe(false);
  });

  it('the summary counts each rule; ?rule= and the search find their flags', async () => {
    const s = await currentSummary(portal, a.token);
    expect(ruleIn(s, 'ACCOUNT_NOT_FOUND')).toMatchObject({
      enabled: true,
      flaggedRecords: 2,
      monthlyAmount: 180000,
    });
    expect(ruleIn(s, 'ACCOUNT_NAME_MISMATCH')).toMatchObject({ flaggedRecords: 1, monthlyAmount: 120000 });
    expect(ruleIn(s, 'ACCOUNT_BVN_MISMATCH')).toMatchObject({ flaggedRecords: 1, monthlyAmount: 90000 });
    const only = await allFlags(portal, a.token, '&rule=ACCOUNT_NOT_FOUND');
    expect(only.map((f) => f.psn).sort()).toEqual(['PSNC4', 'PSNC5']);
    expect((await allFlags(portal, a.token, '&rule=ACCOUNT_NOT_FOUND&q=PSNC5')).map((f) => f.psn)).toEqual([
      'PSNC5',
    ]);
  });

  it('a dismissal holds for the same answer; the switch clears and brings back the rule', async () => {
    const f = (await allFlags(portal, a.token, '&rule=ACCOUNT_BVN_MISMATCH'))[0]!;
    const res = await decide(portal, a.token, f.id, { decision: 'DISMISS', reasonCode: 'DATA_ERROR' });
    expect(res.statusCode, res.body).toBe(200);
    await check(a.token);
    expect(await allFlags(portal, a.token, '&rule=ACCOUNT_BVN_MISMATCH')).toEqual([]);
    expect(
      (await allFlags(portal, a.token, '&rule=ACCOUNT_BVN_MISMATCH&status=DISMISSED')).map((x) => x.id),
    ).toEqual([f.id]);

    const before = await currentSummary(portal, a.token);
    const off = await portal.api.put('/api/v1/tenant-admin/settings', {
      token: a.token,
      body: { integrity: { rules: { ACCOUNT_NOT_FOUND: false } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const s = await currentSummary(portal, a.token, before.evaluatedAt);
    expect(ruleIn(s, 'ACCOUNT_NOT_FOUND')).toMatchObject({ enabled: false, flaggedRecords: 0 });
    expect(await allFlags(portal, a.token, '&rule=ACCOUNT_NOT_FOUND')).toEqual([]);
    const on = await portal.api.put('/api/v1/tenant-admin/settings', {
      token: a.token,
      body: { integrity: { rules: { ACCOUNT_NOT_FOUND: true } } },
    });
    expect(on.statusCode, on.body).toBe(200);
    const again = await currentSummary(portal, a.token, s.evaluatedAt);
    expect(ruleIn(again, 'ACCOUNT_NOT_FOUND')).toMatchObject({ enabled: true, flaggedRecords: 2 });
  });

  it('an answer stops counting once the record has another account number', async () => {
    const rec = (await portal.api.get('/api/v1/records?pageSize=100', { token: a.token }))
      .json()
      .items.find((r: { psn: string }) => r.psn === 'PSNC4');
    const before = await currentSummary(portal, a.token);
    const res = await portal.api.put(`/api/v1/records/${rec.id}`, {
      token: a.token,
      body: {
        fullName: rec.fullName,
        department: rec.department,
        ministry: rec.ministry,
        bank: 'GTBank',
        accountNumber: acct('100000001'),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await currentSummary(portal, a.token, before.evaluatedAt);
    expect((await allFlags(portal, a.token, '&rule=ACCOUNT_NOT_FOUND')).map((f) => f.psn)).toEqual(['PSNC5']);
  });
});

describe('tenants and roles', () => {
  it("a tenant sees only its own jobs and flags, and cannot decide another's", async () => {
    expect(await jobsOf(b.token)).toEqual([]);
    const job = await check(b.token);
    expect(job).toMatchObject({ status: 'COMPLETED', totalRecords: 1, notFoundRecords: 1 });
    expect((await jobsOf(b.token)).map((j) => j.id)).toEqual([job.id]);
    expect((await jobsOf(a.token)).some((j) => j.id === job.id)).toBe(false);
    const theirs = await accountFlags(b.token);
    expect(theirs.map((f) => [f.psn, f.rule])).toEqual([['PSNCB1', 'ACCOUNT_NOT_FOUND']]);
    expect((await accountFlags(a.token)).some((f) => f.psn === 'PSNCB1')).toBe(false);
    const res = await decide(portal, a.token, theirs[0]!.id, {
      decision: 'DISMISS',
      reasonCode: 'DATA_ERROR',
    });
    expect(res.statusCode).toBe(404);
  });

  it("refuses an answer whose record is not the tenant's; deleting a tenant deletes its answers and its jobs' items (migrations 0059-0060)", async () => {
    const sqlState = async (run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (err) {
        for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
          if (e.code) return e.code;
        return 'an error without a state';
      }
      return 'no error';
    };
    const [ofA] = (
      await portal.db.orm.execute<{ record_id: string }>(
        sql`select r.id as record_id from records r where r.tenant_id = ${a.tenant.id}
          and not exists (select 1 from account_checks c where c.record_id = r.id) limit 1`,
      )
    ).rows;
    const answer = (recordId: unknown, tenantId: string) => sql`
      insert into account_checks (record_id, tenant_id, bank, bank_code, account_number, full_name, status)
      values (${recordId}, ${tenantId}, 'GTBank', '058', '0123456789', 'No One', 'FOUND')`;
    expect(await sqlState(() => portal.db.orm.execute(answer(ofA!.record_id, b.tenant.id)))).toBe('23503');
    expect(await sqlState(() => portal.db.orm.execute(answer(sql`gen_random_uuid()`, b.tenant.id)))).toBe(
      '23503',
    );
    expect(
      await sqlState(() =>
        portal.db.orm.execute(
          sql`update account_checks set tenant_id = ${b.tenant.id} where tenant_id = ${a.tenant.id}`,
        ),
      ),
    ).toBe('23503');
    expect(await checksOf(b.tenant.id)).toBe(1);

    const gone = await tenantWith([row('PSNCD1', 'Dayo Ojo', acct('300000001'))], { apiBaseUrl: sim.url });
    expect(await check(gone.token)).toMatchObject({ status: 'COMPLETED', totalRecords: 1 });
    expect(await checksOf(gone.tenant.id)).toBe(1);
    // A job's items (migration 0060): one for no job is refused; a tenant's go with it.
    const [goneJob] = await jobsOf(gone.token);
    const item = (jobId: unknown) =>
      sql`insert into bulk_job_items (job_id, record_id) select ${jobId}, id from records where tenant_id = ${gone.tenant.id}`;
    expect(await sqlState(() => portal.db.orm.execute(item(sql`gen_random_uuid()`)))).toBe('23503');
    expect(await sqlState(() => portal.db.orm.execute(item(goneJob!.id)))).toBe('no error');
    const itemsOf = async (jobId: string) =>
      (
        await portal.db.orm.execute<{ n: number }>(
          sql`select count(*)::int as n from bulk_job_items where job_id = ${jobId}`,
        )
      ).rows[0]!.n;
    expect(await itemsOf(goneJob!.id)).toBe(1);
    const res = await portal.api.delete(`/api/v1/global-admin/tenants/${gone.tenant.id}`, { token: admin });
    expect(res.statusCode, res.body).toBe(204);
    expect(await checksOf(gone.tenant.id)).toBe(0);
    expect(await itemsOf(goneJob!.id)).toBe(0);
    expect(await checksOf(a.tenant.id)).toBeGreaterThan(0);
  });

  it('refuses both routes to other roles (403; every role: authorization-matrix.test.ts)', async () => {
    for (const role of ['TENANT_MANAGER', 'TENANT_USER']) {
      const user = buildUserInput(a.tenant.id, { role });
      const reg = await portal.api.post('/api/v1/auth/register', { token: admin, body: user });
      expect(reg.statusCode, reg.body).toBe(201);
      const token = await portal.login(user.email, user.password);
      expect((await portal.api.post('/api/v1/records/account-check', { token })).statusCode, role).toBe(403);
      expect((await portal.api.get('/api/v1/account-check-jobs', { token })).statusCode, role).toBe(403);
    }
    expect((await portal.api.post('/api/v1/records/account-check', { token: admin })).statusCode).toBe(403);
    expect((await portal.api.get('/api/v1/account-check-jobs', { token: admin })).statusCode).toBe(403);
  });

  it('refuses a start with nothing to check (409)', async () => {
    const t = await createTenantWithAdmin(portal);
    const res = await portal.api.post('/api/v1/records/account-check', { token: t.token });
    expect(res.statusCode).toBe(409);
    expect(await jobsOf(t.token)).toEqual([]);
  });
});

describe('provider faults are never "not found"', () => {
  const faultRows = (label: string) =>
    A_ROWS.slice(0, 5).map((r) => ({ ...r, psn: `${r.psn}${label}`, nin: String(++nin) }));

  async function expectNothingConcluded(t: { token: string; tenant: { id: string } }, job: BulkJob) {
    expect(job.status).toBe('FAILED');
    expect(job.notFoundRecords).toBe(0);
    expect(job.successfullyVerifiedRecords).toBe(0);
    expect(await checksOf(t.tenant.id)).toBe(0);
    expect(await accountFlags(t.token)).toEqual([]);
  }

  it('a provider that is down: the job fails and says so', async () => {
    const down = `http://127.0.0.1:${await freePort()}`;
    const t = await tenantWith(faultRows('D'), { apiBaseUrl: down });
    const job = await check(t.token);
    await expectNothingConcluded(t, job);
    expect(job.statusMessage).toMatch(
      /^Every lookup failed\. Account check failed: could not reach the provider/,
    );
  });

  it('a provider that stays down opens the circuit: the job stops with the last error', async () => {
    const down = `http://127.0.0.1:${await freePort()}`;
    const rows = Array.from({ length: 450 }, (_, i) =>
      row(`PSNCD${i}`, `Person ${i}`, acct(String(400000000 + i))),
    );
    const t = await tenantWith(rows, { apiBaseUrl: down });
    const job = await check(t.token);
    await expectNothingConcluded(t, job);
    expect(job.statusMessage).toMatch(
      /^The account name provider is unavailable \(3 batches failed in a row; last error: could not reach the provider/,
    );
    expect(job.processedRecords).toBeLessThan(450);
  });

  it('a provider answering 500: the job fails and says so', async () => {
    const failing = await startSim(['--error-rate', '1']);
    const t = await tenantWith(faultRows('E'), { apiBaseUrl: failing.url });
    const job = await check(t.token);
    await expectNothingConcluded(t, job);
    expect(job.statusMessage).toMatch(/answered 50[03]/);
  });

  it('wrong credentials: the job fails and says so', async () => {
    const t = await tenantWith(faultRows('W'), { apiBaseUrl: sim.url, clientSecret: 'not-the-secret' });
    const job = await check(t.token);
    await expectNothingConcluded(t, job);
    expect(job.statusMessage).toMatch(/answered 401/);
  });

  it('a rate limit (429) is waited out: every account answered, none failed', async () => {
    const limited = await startSim(['--rate-limit', '1']);
    const rows = Array.from({ length: 150 }, (_, i) =>
      row(`PSNCR${i}`, `Person ${i}`, acct(String(300000000 + i))),
    );
    const t = await tenantWith(rows, { apiBaseUrl: limited.url });
    const job = await check(t.token);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      processedRecords: 150,
      notFoundRecords: 150,
      failedRecords: 0,
    });
  });
});
