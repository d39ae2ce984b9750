import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrossTenantPairs, IntegrityFlag, IntegritySummary } from '@portal/contract/integrity';
import { nubanOf } from '@portal/contract/nuban';
import { crossTenantDigest } from '../../src/modules/integrity/cross-tenant-key.ts';
import { CROSS_TENANT_STEPS, RULE_STEPS } from '../../src/modules/integrity/rules.repo.ts';
import { deriveKeys, resolvePortalSecret } from '../../src/platform/secrets.ts';
import { asPlatform } from '../../src/platform/tenant-context.ts';
import { buildUserInput } from '../helpers/factories.ts';
import {
  allFlags,
  currentSummary,
  decide,
  recordByPsn,
  ruleIn,
  summaryAfterEachRun,
} from '../helpers/integrity.ts';
import { payrollCsv, type PayrollRow } from '../helpers/payroll-lists.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { createTestPortal, DEMO_ADMIN, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { uploadFile } from '../helpers/uploads.ts';

/**
 * ON_ANOTHER_PAYROLL (issue #36 item 4): a person on this tenant's payroll whose NIN, BVN or bank
 * account (bank code and number) is on another tenant's, matched through the platform's index of
 * HMAC-SHA-256 digests. The flag names the other tenant and the identifier, nothing of its record;
 * each tenant decides its own flag; the index follows uploads, edits and status changes; the global
 * admin sees counts per pair of tenants; the index holds no identifier in the clear, and a start
 * under another key builds it again.
 */
let portal: TestPortal;
type Tenant = Awaited<ReturnType<typeof createTenantWithAdmin>>;
let a: Tenant;
let b: Tenant;
let c: Tenant;

const RULE = 'ON_ANOTHER_PAYROLL';
const KANO = { name: 'Kano State Civil Service', stateCode: 'KN' };
const OYO = { name: 'Oyo State Civil Service', stateCode: 'OY' };
const ENUGU = { name: 'Enugu State Civil Service', stateCode: 'EN' };

const NIN_AB = '71000000001';
const NIN_AC = '71000000005';
const BVN_AB = '22100000002';
const ACCOUNT_AB = nubanOf('058', '443322110');
const ACCOUNT_B3_NEW = nubanOf('058', '443322119');

let seq = 72000000000;
const row = (psn: string, name: string, extra: Partial<PayrollRow> = {}): PayrollRow => ({
  name,
  psn,
  nin: String(++seq),
  dob: '15/03/1985',
  dofa: '01/02/2010',
  bank: 'Zenith Bank',
  account: nubanOf('057', String(++seq).slice(-9)),
  bvn: String(++seq),
  pay: '100,000',
  ...extra,
});

const A_ROWS: PayrollRow[] = [
  row('PSNA1', 'Aminu Bello', { nin: NIN_AB, pay: '120,000' }),
  row('PSNA2', 'Binta Sani', { bvn: BVN_AB }),
  // The same account at the same bank, however each state spells it.
  row('PSNA3', 'Chinedu Okafor', { bank: 'GTBank', account: ACCOUNT_AB }),
  row('PSNA4', 'Danjuma Musa'),
  row('PSNA5', 'Efe Ojo', { nin: NIN_AC }),
];
const B_ROWS: PayrollRow[] = [
  row('PSNB1', 'Folake Adeyemi', { nin: NIN_AB }),
  row('PSNB2', 'Gbenga Alade', { bvn: BVN_AB }),
  row('PSNB3', 'Halima Yusuf', { bank: 'Guaranty Trust Bank Plc', account: ACCOUNT_AB }),
  row('PSNB4', 'Ifeoma Eze'),
];
const C_ROWS: PayrollRow[] = [row('PSNC1', 'Jide Bakare', { nin: NIN_AC })];

const evaluatedA = summaryAfterEachRun(
  () => portal,
  () => a.token,
);
const evaluatedB = summaryAfterEachRun(
  () => portal,
  () => b.token,
);
const evaluatedC = summaryAfterEachRun(
  () => portal,
  () => c.token,
);
const ruleFlags = (t: Tenant, query = '') => allFlags(portal, t.token, `&rule=${RULE}${query}`);
const byPsn = (flags: IntegrityFlag[]) =>
  Object.fromEntries(flags.map((f) => [f.psn, f.evidence])) as Record<string, IntegrityFlag['evidence']>;
const other = (t: { name: string; stateCode: string }, fields: string[]) => ({
  tenantName: t.name,
  stateCode: t.stateCode,
  fields,
});

async function upload(t: Tenant, rows: PayrollRow[]) {
  const res = await uploadFile(portal, t.token, 'payroll.csv', payrollCsv(rows));
  expect(res.statusCode, res.body).toBe(200);
}

/** The index's rows, read as the platform (no tenant may read them). */
async function indexRows(): Promise<{ owner: string; kind: string; digest: string; record_id: string }[]> {
  const result = await asPlatform(
    async () =>
      await portal.db.orm.execute<{ owner: string; kind: string; digest: string; record_id: string }>(sql`
      select owner_tenant_id::text as owner, kind, encode(digest, 'hex') as digest, record_id::text as record_id
      from cross_tenant_index order by owner_tenant_id, record_id, kind`),
  );
  return result.rows;
}

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal, 'TENANT_ADMIN', KANO);
  b = await createTenantWithAdmin(portal, 'TENANT_ADMIN', OYO);
  c = await createTenantWithAdmin(portal, 'TENANT_ADMIN', ENUGU);
  await upload(a, A_ROWS);
  await evaluatedA();
  // b's and c's runs bring their part of the index up to date and ask for a's again.
  await upload(b, B_ROWS);
  await evaluatedB();
  await upload(c, C_ROWS);
  await evaluatedC();
  await evaluatedA();
}, 180_000);
afterAll(async () => {
  await portal?.close();
});

describe('ON_ANOTHER_PAYROLL (issue #36 item 4)', () => {
  it('flags in both tenants, naming the other tenant and the identifier, nothing of its record', async () => {
    const ours = await ruleFlags(a);
    expect(byPsn(ours)).toEqual({
      PSNA1: { kind: 'OTHER_PAYROLL', others: [other(OYO, ['NIN'])] },
      PSNA2: { kind: 'OTHER_PAYROLL', others: [other(OYO, ['BVN'])] },
      PSNA3: { kind: 'OTHER_PAYROLL', others: [other(OYO, ['BANK_ACCOUNT'])] },
      PSNA5: { kind: 'OTHER_PAYROLL', others: [other(ENUGU, ['NIN'])] },
    });
    expect(ours.find((f) => f.psn === 'PSNA1')).toMatchObject({
      rule: RULE,
      status: 'OPEN',
      monthlyAmount: 120000,
      fullName: 'Aminu Bello',
    });
    const theirs = await ruleFlags(b);
    expect(byPsn(theirs)).toEqual({
      PSNB1: { kind: 'OTHER_PAYROLL', others: [other(KANO, ['NIN'])] },
      PSNB2: { kind: 'OTHER_PAYROLL', others: [other(KANO, ['BVN'])] },
      PSNB3: { kind: 'OTHER_PAYROLL', others: [other(KANO, ['BANK_ACCOUNT'])] },
    });
    expect(byPsn(await ruleFlags(c))).toEqual({
      PSNC1: { kind: 'OTHER_PAYROLL', others: [other(KANO, ['NIN'])] },
    });
  });

  it("evaluates only the rules reading other tenants' records when only another tenant's change asked (DECISIONS 273)", async () => {
    const stepsOfLastRun = async (t: Tenant) => {
      const result = await asPlatform(
        async () =>
          await portal.db.orm.execute<{ steps: number }>(
            sql`select steps_total as steps from integrity_state where tenant_id = ${t.tenant.id}`,
          ),
      );
      return result.rows[0]?.steps;
    };
    // a's last run was asked for by c's upload alone; b's by its own upload (c shares nothing with b).
    expect(await stepsOfLastRun(a)).toBe(CROSS_TENANT_STEPS.length + 1);
    expect(await stepsOfLastRun(b)).toBe(RULE_STEPS.length + 1);
  });

  it("puts nothing of another tenant's records in any answer", async () => {
    const summary = await currentSummary(portal, a.token);
    const flags = await allFlags(portal, a.token);
    const text = JSON.stringify([summary, flags]);
    const bRecords = (await portal.api.get('/api/v1/records?pageSize=100', { token: b.token })).json()
      .items as { id: string; psn: string; fullName: string }[];
    const cRecords = (await portal.api.get('/api/v1/records?pageSize=100', { token: c.token })).json()
      .items as { id: string; psn: string; fullName: string }[];
    expect(bRecords).toHaveLength(B_ROWS.length);
    for (const r of [...bRecords, ...cRecords]) {
      expect(text).not.toContain(r.id);
      expect(text).not.toContain(r.psn);
      expect(text).not.toContain(r.fullName);
    }
    // Nor the shared numbers: the flag says which identifier, not its value.
    for (const v of [NIN_AB, NIN_AC, BVN_AB, ACCOUNT_AB]) expect(text).not.toContain(v);
  });

  it("counts the records and the pay at stake in the rule's line of the summary", async () => {
    const s = await currentSummary(portal, a.token);
    expect(ruleIn(s, RULE)).toEqual({
      code: RULE,
      label: "On another state's payroll",
      enabled: true,
      flaggedRecords: 4,
      monthlyAmount: 420000,
      payUnknownRecords: 0,
    });
    expect(ruleIn(await currentSummary(portal, b.token), RULE)).toMatchObject({ flaggedRecords: 3 });
  });

  it('finds its flags by the search, and no other rule’s', async () => {
    expect((await ruleFlags(a, '&q=PSNA3')).map((f) => f.psn)).toEqual(['PSNA3']);
    expect(new Set((await ruleFlags(a)).map((f) => f.rule))).toEqual(new Set([RULE]));
  });

  it('refuses the flags and summary to other roles, and the pairs to every tenant role', async () => {
    const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const pairsPath = '/api/v1/global-admin/integrity/cross-tenant';
    const tokens: [string, string][] = [['TENANT_ADMIN', a.token]];
    for (const role of ['TENANT_MANAGER', 'TENANT_USER']) {
      const user = buildUserInput(a.tenant.id, { role });
      const reg = await portal.api.post('/api/v1/auth/register', { token: admin, body: user });
      expect(reg.statusCode, reg.body).toBe(201);
      tokens.push([role, await portal.login(user.email, user.password)]);
    }
    for (const role of ['REVIEWER', 'AGENT']) {
      const email = `crosstenant.${role.toLowerCase()}@example.gov.ng`;
      const made = await portal.api.post('/api/v1/tenant-admin/users', {
        token: a.token,
        body: { fullName: `Test ${role}`, email, password: 'Str0ng-Passw0rd', role },
      });
      expect(made.statusCode, made.body).toBeLessThan(300);
      tokens.push([role, await portal.login(email, 'Str0ng-Passw0rd')]);
    }
    for (const [role, token] of tokens) {
      expect((await portal.api.get(pairsPath, { token })).statusCode, `${role} pairs`).toBe(403);
      if (role !== 'TENANT_ADMIN' && role !== 'REVIEWER')
        expect(
          (await portal.api.get(`/api/v1/integrity/flags?rule=${RULE}`, { token })).statusCode,
          `${role} flags`,
        ).toBe(403);
    }
    expect((await portal.api.get(pairsPath)).statusCode).toBe(401);
    expect((await portal.api.get(`/api/v1/integrity/flags?rule=${RULE}`, { token: admin })).statusCode).toBe(
      403,
    );
  });

  it('shows the global admin counts per pair of tenants, never people', async () => {
    const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const res = await portal.api.get('/api/v1/global-admin/integrity/cross-tenant', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const { pairs } = res.json() as CrossTenantPairs;
    const named = pairs.map((p) => {
      const [x, y] = [p.first, p.second];
      const kanoFirst = x.name === KANO.name;
      return {
        pair: [x.name, y.name].sort(),
        kano: kanoFirst ? p.firstRecords : p.secondRecords,
        other: kanoFirst ? p.secondRecords : p.firstRecords,
        byField: p.byField,
      };
    });
    expect(named).toEqual(
      expect.arrayContaining([
        { pair: [KANO.name, OYO.name], kano: 3, other: 3, byField: { NIN: 1, BVN: 1, BANK_ACCOUNT: 1 } },
        { pair: [ENUGU.name, KANO.name], kano: 1, other: 1, byField: { NIN: 1, BVN: 0, BANK_ACCOUNT: 0 } },
      ]),
    );
    expect(pairs).toHaveLength(2);
    for (const v of ['PSNA1', 'PSNB1', 'Aminu', NIN_AB]) expect(res.body).not.toContain(v);
  });

  it('keeps no identifier in the clear: its rows match a NIN only under the platform key', async () => {
    const rows = await indexRows();
    // Three identifiers of each of the ten records.
    expect(rows).toHaveLength(3 * (A_ROWS.length + B_ROWS.length + C_ROWS.length));
    const digests = new Set(rows.map((r) => r.digest));
    const key = deriveKeys(resolvePortalSecret(undefined, portal.dataDir)).crossTenant;
    // Under the platform's key, NIN_AB's digest is on a's and b's records: the index is keyed.
    const keyed = crossTenantDigest(key, 'NIN', NIN_AB).toString('hex');
    expect(rows.filter((r) => r.digest === keyed).map((r) => r.owner)).toEqual(
      expect.arrayContaining([a.tenant.id, b.tenant.id]),
    );
    // Without it, the NIN's unkeyed hashes (what Piipan stored, reversible over 10^11 NINs) and
    // its digest under any other key match no row, and no row holds the number.
    const candidates = [
      crypto.createHash('sha256').update(NIN_AB).digest('hex'),
      crypto.createHash('sha256').update(`NIN:${NIN_AB}`).digest('hex'),
      crypto.createHash('sha512').update(NIN_AB).digest('hex'),
      crossTenantDigest(crypto.randomBytes(32), 'NIN', NIN_AB).toString('hex'),
      crossTenantDigest(
        deriveKeys('another-portal-secret-of-enough-length').crossTenant,
        'NIN',
        NIN_AB,
      ).toString('hex'),
    ];
    for (const h of candidates) expect(digests.has(h)).toBe(false);
    const hexOf = (v: string) => Buffer.from(v).toString('hex');
    for (const r of rows)
      for (const v of [NIN_AB, NIN_AC, BVN_AB, ACCOUNT_AB]) {
        expect(r.digest).not.toContain(hexOf(v));
        expect(r.digest).toHaveLength(64);
      }
  });

  it('keeps the index current on an edit: a changed account leaves both tenants’ flags', async () => {
    const r = await recordByPsn(portal, b.token, 'PSNB3');
    const res = await portal.api.put(`/api/v1/records/${r.id}`, {
      token: b.token,
      body: {
        fullName: r.fullName,
        department: r.department,
        ministry: r.ministry,
        bank: 'GTBank',
        accountNumber: ACCOUNT_B3_NEW,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await evaluatedB();
    await evaluatedA();
    expect((await ruleFlags(b)).map((f) => f.psn).sort()).toEqual(['PSNB1', 'PSNB2']);
    expect((await ruleFlags(a)).map((f) => f.psn).sort()).toEqual(['PSNA1', 'PSNA2', 'PSNA5']);
  });

  it('each tenant decides its own flag: a dismissal in one leaves the other’s open', async () => {
    const ours = (await ruleFlags(a)).find((f) => f.psn === 'PSNA1')!;
    const theirs = (await ruleFlags(b)).find((f) => f.psn === 'PSNB1')!;
    // Neither reaches the other's flag.
    expect(
      (await decide(portal, b.token, ours.id, { decision: 'DISMISS', reasonCode: 'VERIFIED_IN_PERSON' }))
        .statusCode,
    ).toBe(404);
    const res = await decide(portal, a.token, ours.id, {
      decision: 'DISMISS',
      reasonCode: 'VERIFIED_IN_PERSON',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await portal.api.post('/api/v1/integrity/evaluate', { token: a.token })).statusCode).toBe(202);
    await evaluatedA();
    expect((await ruleFlags(a, '&status=DISMISSED')).map((f) => f.id)).toEqual([ours.id]);
    expect((await ruleFlags(b)).find((f) => f.psn === 'PSNB1')).toMatchObject({
      id: theirs.id,
      status: 'OPEN',
    });
  });

  it('keeps the index current on a status change: a record confirmed as a ghost leaves it', async () => {
    const flag = (await ruleFlags(c))[0]!;
    const res = await decide(portal, c.token, flag.id, {
      decision: 'CONFIRM',
      reasonCode: 'DUPLICATE_RECORD',
    });
    expect(res.statusCode, res.body).toBe(200);
    await evaluatedC();
    await evaluatedA();
    expect((await ruleFlags(a)).map((f) => f.psn).sort()).toEqual(['PSNA2']);
    const rows = await indexRows();
    expect(rows.some((r) => r.owner === c.tenant.id)).toBe(false);
  });

  it("is switched off by a tenant's setting for that tenant only", async () => {
    const off = await portal.api.put('/api/v1/tenant-admin/settings', {
      token: b.token,
      body: { integrity: { rules: { [RULE]: false } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const s: IntegritySummary = await evaluatedB();
    expect(ruleIn(s, RULE)).toMatchObject({ enabled: false, flaggedRecords: 0 });
    expect(await ruleFlags(b)).toEqual([]);
    expect((await ruleFlags(a)).map((f) => f.psn)).toEqual(['PSNA2']);
  });

  it('builds the index again when the portal starts under another key', async () => {
    const before = await indexRows();
    await portal.close();
    portal = await createTestPortal({
      reuse: { dataDir: portal.dataDir, databaseUrl: portal.databaseUrl },
      env: { CROSS_TENANT_KEY: 'a-cross-tenant-key-of-its-own-0123456789' },
    });
    // Each tenant's run builds its part; b's asks for a's again, whose flags then read b's part.
    await evaluatedB();
    await currentSummary(portal, a.token);
    const after = await indexRows();
    expect(after.map((r) => [r.record_id, r.kind])).toEqual(before.map((r) => [r.record_id, r.kind]));
    const old = new Set(before.map((r) => r.digest));
    expect(after.some((r) => old.has(r.digest))).toBe(false);
    const key = deriveKeys('unused', undefined, 'a-cross-tenant-key-of-its-own-0123456789').crossTenant;
    expect(after.map((r) => r.digest)).toContain(crossTenantDigest(key, 'BVN', BVN_AB).toString('hex'));
    expect((await ruleFlags(a)).map((f) => f.psn)).toEqual(['PSNA2']);
    // Rebuilt as a new table (migration 0061): its key, its digest index and its policy as before.
    const shape = await portal.db.orm.execute<{ indexes: string; policies: number; rls: boolean }>(sql`
      select (select string_agg(indexname, ',' order by indexname) from pg_indexes where tablename = 'cross_tenant_index') as indexes,
        (select count(*)::int from pg_policies where tablename = 'cross_tenant_index') as policies,
        (select relrowsecurity from pg_class where relname = 'cross_tenant_index') as rls`);
    expect(shape.rows[0]).toEqual({
      indexes: 'cross_tenant_index_digest,cross_tenant_index_pkey',
      policies: 1,
      rls: true,
    });
  }, 120_000);

  it("takes a deleted tenant's part of the index and its stale marks with it", async () => {
    // b's part, built again under the new key by b's run (the start asked for it).
    await waitFor(async () => ((await indexRows()).some((r) => r.owner === b.tenant.id) ? true : undefined));
    const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const res = await portal.api.delete(`/api/v1/global-admin/tenants/${b.tenant.id}`, { token: admin });
    expect(res.statusCode, res.body).toBe(204);
    expect((await indexRows()).some((r) => r.owner === b.tenant.id)).toBe(false);
    expect((await indexRows()).some((r) => r.owner === a.tenant.id)).toBe(true);
    const stale = await asPlatform(
      async () =>
        await portal.db.orm.execute<{ n: number }>(
          sql`select count(*)::int as n from cross_tenant_stale where owner_tenant_id = ${b.tenant.id}`,
        ),
    );
    expect(stale.rows[0]!.n).toBe(0);
  });
});
