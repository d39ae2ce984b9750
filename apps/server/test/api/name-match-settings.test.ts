import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Facets } from '@portal/contract/records';
import type { PublicIdentitySourceConfig, Tenant } from '@portal/contract/tenants';
import type { QueuePage } from '@portal/contract/validation';
import type { ComparisonRow } from '@portal/contract/verification';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { buildTenantInput } from '../helpers/factories.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { SettingsRecompare } from '../../src/modules/verification/settings-recompare.ts';
import { SettingsRecompareRepo } from '../../src/modules/verification/settings-recompare.repo.ts';

/**
 * Issue #20 item 3: the tenant's name-match settings (global admin) and the re-comparison of the
 * records still in review when they change — audited, never touching a decided record, and never
 * another tenant's.
 */
let portal: TestPortal;
let admin: string;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
const ids: Record<string, string> = {};

/** key, record name, provider first name, surname and full name, status, with a stored answer. */
const SEEDS = [
  ['title', 'Alhaji Musa Bello', 'Musa', 'Bello', 'Musa Bello', 'PENDING_GRADE_VALIDATION', true],
  // 'Ugundipe ~ Ogundipe': one letter, Jaro-Winkler 0.87 — CLOSE at 0.80, not at 0.90.
  ['typo', 'Emeka Ugundipe', 'Emeka', 'Ogundipe', 'Emeka Ogundipe', 'PENDING_GRADE_VALIDATION', true],
  ['exact', 'Ngozi Eze', 'Ngozi', 'Eze', 'Ngozi Eze', 'PENDING_GRADE_VALIDATION', true],
  ['twin', 'Taiwo Adeyemi', 'Kehinde', 'Adeyemi', 'Kehinde Adeyemi', 'MISMATCHED', true],
  ['validated', 'Alhaji Sani Umar', 'Sani', 'Umar', 'Sani Umar', 'VALIDATED', true],
  ['rejected', 'Chief Obi Nwosu', 'Obi', 'Nwosu', 'Obi Nwosu', 'REJECTED', true],
  ['unverified', 'Dr Aminu Kano', 'Aminu', 'Kano', 'Aminu Kano', 'PENDING_GRADE_VALIDATION', false],
] as const;

async function seed(tenantId: string, prefix: string, nin0: number) {
  const created = await seedRecords(
    portal,
    tenantId,
    SEEDS.map(([key, name, , , , status], i) => ({
      fullName: name,
      nin: String(nin0 + i),
      status,
      dateOfBirth: '1985-03-15',
      psn: `${prefix}-${key}`,
    })),
  );
  for (const [i, [key, , first, last, full, , stored]] of SEEDS.entries()) {
    ids[`${prefix}-${key}`] = created[i]!;
    if (!stored) continue;
    const sot = {
      fullName: full,
      firstName: first,
      lastName: last,
      dateOfBirth: '1985-03-15',
      biometricsEnrolled: true,
    };
    await portal.db.orm.execute(
      sql`update records set sot_data = ${JSON.stringify(sot)}::jsonb, sot_verified = true where id = ${created[i]!}`,
    );
  }
}

beforeAll(async () => {
  portal = await createTestPortal();
  admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  await seed(a.tenant.id, 'a', 61000000000);
  await seed(b.tenant.id, 'b', 62000000000);
});
afterAll(async () => {
  await portal?.close();
});

const put = (tenant: Tenant, body: Record<string, unknown>, token = admin) =>
  portal.api.put(`/api/v1/global-admin/tenants/${tenant.id}`, {
    token,
    body: { ...buildTenantInput({ subdomain: tenant.subdomain }), ...body },
  });

const statuses = async (prefix: string) => {
  const rows = await portal.db.orm.execute<{ psn: string; status: string }>(
    sql`select psn, status from records where psn like ${`${prefix}-%`}`,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.psn.slice(prefix.length + 1), r.status]));
};

const settingsAudit = async (tenantId: string) =>
  (
    await portal.db.orm.execute<{
      entity_id: string;
      before: unknown;
      after: unknown;
      actor_email: string;
    }>(sql`
      select entity_id, before, after, actor_email from audit_events
      where tenant_id = ${tenantId} and action = 'RECORD_RECOMPARED_AFTER_SETTINGS' order by created_at, entity_id`)
  ).rows;

const configOf = async (tenantId: string) => {
  const list = (await portal.api.get('/api/v1/global-admin/tenants', { token: admin })).json() as Tenant[];
  return JSON.parse(list.find((t) => t.id === tenantId)!.identitySourceConfig!) as PublicIdentitySourceConfig;
};

/** The overview's 'matched closely' figure (issue #20: the funnel), as the tenant admin reads it. */
const matchedClosely = async (tenant: { token: string }) =>
  (
    (await portal.api.get('/api/v1/tenant-admin/dashboard/stats', { token: tenant.token })).json() as {
      totalMatchedClosely: number;
    }
  ).totalMatchedClosely;

const INITIAL = {
  title: 'PENDING_GRADE_VALIDATION',
  typo: 'PENDING_GRADE_VALIDATION',
  exact: 'PENDING_GRADE_VALIDATION',
  twin: 'MISMATCHED',
  validated: 'VALIDATED',
  rejected: 'REJECTED',
  unverified: 'PENDING_GRADE_VALIDATION',
};

describe('name-match settings: validation and who may set them', () => {
  it.each([
    ['below the range', 0.5],
    ['above the range', 1.2],
    ['not a number', 'high'],
  ])('a minimum word similarity %s → 400 with its message, nothing changed', async (_n, value) => {
    const res = await put(a.tenant, { minWordSimilarity: value });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { details: Record<string, string> }).details.minWordSimilarity).toBe(
      'Minimum word similarity must be a number from 0.70 to 0.99',
    );
    expect((await configOf(a.tenant.id)).minWordSimilarity).toBe(0.8);
  });

  it('a tenant admin (and a reviewer) cannot change them: 403, nothing moved', async () => {
    expect((await put(a.tenant, { closeIsDifferent: true }, a.token)).statusCode).toBe(403);
    const facets = (await portal.api.get('/api/v1/records/facets', { token: a.token })).json() as Facets;
    const email = `settings.reviewer.${Date.now()}@example.gov.ng`;
    const created = await portal.api.post('/api/v1/tenant-admin/users', {
      token: a.token,
      body: {
        fullName: 'Settings Reviewer',
        email,
        password: 'Reviewer-Passw0rd',
        role: 'REVIEWER',
        assignedMinistryIds: [facets.ministries[0]!.id],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const reviewer = await portal.login(email, 'Reviewer-Passw0rd');
    expect((await put(a.tenant, { closeIsDifferent: true }, reviewer)).statusCode).toBe(403);
    expect(await statuses('a')).toEqual(INITIAL);
    expect((await configOf(a.tenant.id)).closeIsDifferent).toBe(false);
  });

  it('a new tenant has the defaults (0.80, close names pending approval)', async () => {
    const cfg = await configOf(b.tenant.id);
    expect([cfg.minWordSimilarity, cfg.closeIsDifferent]).toEqual([0.8, false]);
  });
});

describe('changing the settings compares the records in review again', () => {
  it('the comparison explains a close name with the default settings', async () => {
    const res = await portal.api.get(`/api/v1/records/${ids['a-title']}/comparison`, { token: a.token });
    expect(res.statusCode, res.body).toBe(200);
    const name = (res.json() as ComparisonRow[]).find((r) => r.field === 'fullName')!;
    expect(name).toMatchObject({ verdict: 'CLOSE', isMismatched: false, reason: 'title ignored' });
    expect(name.similarity).toBeLessThan(1);
  });

  it('the pending queue carries the close reasons of its records (the chips)', async () => {
    const res = await portal.api.get('/api/v1/records/queue/pending-approval?pageSize=50', {
      token: a.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as QueuePage;
    expect(page.closeReasons).toEqual({
      [ids['a-title']!]: ['title ignored'],
      [ids['a-typo']!]: ['one letter differs: Ugundipe ~ Ogundipe'],
    });
  });

  it('close names move to the mismatch queue when CLOSE counts as DIFFERENT, audited; decided records stay', async () => {
    const res = await put(a.tenant, { closeIsDifferent: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statuses('a')).toEqual({ ...INITIAL, title: 'MISMATCHED', typo: 'MISMATCHED' });
    expect(await matchedClosely(a)).toBe(0);
    const audit = await settingsAudit(a.tenant.id);
    expect(audit.map((e) => [e.entity_id, e.before, e.after, e.actor_email]).sort()).toEqual(
      [
        [ids['a-title'], { status: 'PENDING_GRADE_VALIDATION' }, { status: 'MISMATCHED' }, DEMO_ADMIN.email],
        [ids['a-typo'], { status: 'PENDING_GRADE_VALIDATION' }, { status: 'MISMATCHED' }, DEMO_ADMIN.email],
      ].sort(),
    );
    // The comparison now reads the same way: the reason is kept.
    const rows = (
      await portal.api.get(`/api/v1/records/${ids['a-title']}/comparison`, { token: a.token })
    ).json() as ComparisonRow[];
    expect(rows.find((r) => r.field === 'fullName')).toMatchObject({
      verdict: 'DIFFERENT',
      isMismatched: true,
      reason: 'title ignored',
    });
    // The other tenant: its settings and queues as they were.
    expect(await statuses('b')).toEqual(INITIAL);
    expect((await configOf(b.tenant.id)).closeIsDifferent).toBe(false);
    expect(await settingsAudit(b.tenant.id)).toEqual([]);
    const tenantAudit = await portal.db.orm.execute<{ note: string }>(sql`
      select note from audit_events where entity_id = ${a.tenant.id} and action = 'TENANT_UPDATED'
      order by created_at desc limit 1`);
    expect(tenantAudit.rows[0]!.note).toMatch(/4 records in review compared again, 2 moved/);
  });

  it('switched back, they return to pending approval (audited again)', async () => {
    expect((await put(a.tenant, { closeIsDifferent: false })).statusCode).toBe(200);
    expect(await statuses('a')).toEqual(INITIAL);
    // The funnel: compared again, the title and the typo are verified names that matched closely.
    expect(await matchedClosely(a)).toBe(2);
    expect(await matchedClosely(b)).toBe(0);
    const audit = await settingsAudit(a.tenant.id);
    expect(audit).toHaveLength(4);
    expect(audit.slice(2).map((e) => e.after)).toEqual([
      { status: 'PENDING_GRADE_VALIDATION' },
      { status: 'PENDING_GRADE_VALIDATION' },
    ]);
  });

  it('a stricter word similarity (0.90) sends only the one-letter typo it no longer forgives', async () => {
    expect((await put(a.tenant, { minWordSimilarity: 0.9 })).statusCode).toBe(200);
    expect(await statuses('a')).toEqual({ ...INITIAL, typo: 'MISMATCHED' });
    expect(await matchedClosely(a)).toBe(1);
    expect((await configOf(a.tenant.id)).minWordSimilarity).toBe(0.9);
    expect(await settingsAudit(a.tenant.id)).toHaveLength(5);
  });

  it('an update that leaves the settings out keeps them and moves nothing', async () => {
    const {
      minWordSimilarity: _m,
      closeIsDifferent: _c,
      ...body
    } = buildTenantInput({
      subdomain: a.tenant.subdomain,
    }) as Record<string, unknown>;
    const res = await portal.api.put(`/api/v1/global-admin/tenants/${a.tenant.id}`, { token: admin, body });
    expect(res.statusCode).toBe(200);
    expect((await configOf(a.tenant.id)).minWordSimilarity).toBe(0.9);
    expect(await statuses('a')).toEqual({ ...INITIAL, typo: 'MISMATCHED' });
    expect(await settingsAudit(a.tenant.id)).toHaveLength(5);
  });
});

describe('the re-comparison in batches (keyset over the records in review)', () => {
  it('moves every record in review whatever the batch size, in its own tenant only', async () => {
    // Tenant B: the seeds (title and typo close), in batches of 2 and 3 records.
    const who = await portal.db.orm.execute<{ id: string; email: string }>(
      sql`select id, email from users where email = ${DEMO_ADMIN.email}`,
    );
    const actor = { userId: who.rows[0]!.id, email: who.rows[0]!.email };
    for (const size of [2, 3]) {
      const strict = await new SettingsRecompare(new SettingsRecompareRepo(), size).run(
        portal.db.orm,
        b.tenant.id,
        { minWordSimilarity: 0.8, closeIsDifferent: true },
        actor,
      );
      expect(strict).toEqual({ compared: 4, moved: 2 });
      expect(await statuses('b')).toEqual({ ...INITIAL, title: 'MISMATCHED', typo: 'MISMATCHED' });
      const lenient = await new SettingsRecompare(new SettingsRecompareRepo(), size).run(
        portal.db.orm,
        b.tenant.id,
        { minWordSimilarity: 0.8, closeIsDifferent: false },
        actor,
      );
      expect(lenient).toEqual({ compared: 4, moved: 2 });
      expect(await statuses('b')).toEqual(INITIAL);
    }
    expect(await settingsAudit(b.tenant.id)).toHaveLength(8);
    // Tenant A as the earlier steps left it (0.90: the typo mismatched).
    expect(await statuses('a')).toEqual({ ...INITIAL, typo: 'MISMATCHED' });
  });
});
