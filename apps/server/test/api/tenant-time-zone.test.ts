import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Me } from '@portal/contract/auth';
import type { ApprovalsPage } from '@portal/contract/decisions';
import type { IntegritySummary } from '@portal/contract/integrity';
import type { TenantSettingsView } from '@portal/contract/settings';
import { dayIn, isoIn } from '@portal/contract/time-zone';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { buildUserInput } from '../helpers/factories.ts';
import { seedRecords } from '../helpers/records.ts';
import { currentSummary } from '../helpers/integrity.ts';
import { exportNow } from '../helpers/exports.ts';

/*
 * One time zone per tenant (issue #31 item 12): the tenant's `timeZone` setting (default
 * Africa/Lagos) writes every date of its file names and files: the payroll export's name and its
 * Validated At, the audit CSV's name and rows, the audit filter's days, the integrity rules' "as of"
 * day; `me` and the claim screen's tenant carry it for the screens. A change of it is checked and,
 * with the second approver on, waits for one as every settings change does.
 */

/**
 * A zone whose calendar day differs from both UTC's and Lagos's right now (so a date written in
 * either of them is caught): Kiritimati (UTC+14) is a day ahead from 10:00 to 23:00 UTC, Pago Pago
 * (UTC−11, no summer time) a day behind Lagos the rest of the day.
 */
const hour = new Date().getUTCHours();
const ZONE = hour >= 11 && hour < 23 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
/** An instant whose day differs in ZONE (the 29th or the 27th) from Lagos's and UTC's (the 28th). */
const INSTANT = '2026-11-28T10:30:00.000Z';

let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
/** A second tenant admin of a, created by the global admin (outside a's family): the checker. */
let checker: string;

const settingsOf = async (token: string) =>
  (await portal.api.get('/api/v1/tenant-admin/settings', { token })).json() as TenantSettingsView;
const putSettings = (token: string, body: unknown) =>
  portal.api.put('/api/v1/tenant-admin/settings', { token, body });

/** The export generated (and its records validated) at INSTANT, downloaded: its name and its lines. */
async function exportAtInstant(tenant: typeof a) {
  await portal.db.orm.execute(
    sql`update records set validated_at = ${INSTANT}::timestamptz where tenant_id = ${tenant.tenant.id}`,
  );
  const job = await exportNow(portal, tenant.token);
  expect(job.status, job.statusMessage ?? '').toBe('COMPLETED');
  await portal.db.orm.execute(
    sql`update export_jobs set created_at = ${INSTANT}::timestamptz where id = ${job.id}`,
  );
  const res = await portal.api.get(`/api/v1/records/export-logs/${job.id}/download`, { token: tenant.token });
  expect(res.statusCode).toBe(200);
  const lines = res.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  return { job, disposition: res.headers['content-disposition'], header: lines[0]!, rows: lines.slice(1) };
}

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const second = buildUserInput(a.tenant.id, { role: 'TENANT_ADMIN' });
  expect((await portal.api.post('/api/v1/auth/register', { token: global, body: second })).statusCode).toBe(
    201,
  );
  checker = await portal.login(second.email, second.password);
  await seedRecords(portal, a.tenant.id, [
    { fullName: 'Zone Worker', nin: '64000000001', psn: 'PSN640001', status: 'VALIDATED' },
  ]);
  await seedRecords(portal, b.tenant.id, [
    { fullName: 'Lagos Worker', nin: '64000000002', psn: 'PSN640002', status: 'VALIDATED' },
  ]);
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

describe('the time-zone setting', () => {
  it('is Africa/Lagos by default; a name that is no zone is refused with 400 and nothing changes', async () => {
    expect(await settingsOf(a.token)).toMatchObject({ timeZone: 'Africa/Lagos' });
    for (const timeZone of ['Mars/Olympus_Mons', 'GMT+1; drop table', '', 42]) {
      const res = await putSettings(a.token, { timeZone });
      expect(res.statusCode, String(timeZone)).toBe(400);
    }
    const refused = await putSettings(a.token, { timeZone: 'Mars/Olympus_Mons' });
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('Mars/Olympus_Mons') });
    expect(await settingsOf(a.token)).toMatchObject({ timeZone: 'Africa/Lagos', pendingChanges: [] });
    const changes = await portal.db.orm.execute(
      sql`select 1 from audit_events where tenant_id = ${a.tenant.id} and action = 'TENANT_SETTINGS_UPDATED'`,
    );
    expect(changes.rows).toHaveLength(0);
  });

  it("is changed by the tenant admin, audited, and only that tenant's", async () => {
    // Each API process remembers a signed-in user's row with the zone (access/token-holders.ts);
    // the change is announced (migration 0053), so the next answer has the new zone.
    expect(((await portal.api.get('/api/v1/users/me', { token: a.token })).json() as Me).timeZone).toBe(
      'Africa/Lagos',
    );
    const res = await putSettings(a.token, { timeZone: ZONE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ timeZone: ZONE });
    const audited = await portal.db.orm.execute<{ before: unknown; after: unknown }>(
      sql`select before, after from audit_events where tenant_id = ${a.tenant.id} and action = 'TENANT_SETTINGS_UPDATED'`,
    );
    expect(audited.rows).toEqual([{ before: { timeZone: 'Africa/Lagos' }, after: { timeZone: ZONE } }]);
    expect(await settingsOf(b.token)).toMatchObject({ timeZone: 'Africa/Lagos' });
    expect(((await portal.api.get('/api/v1/users/me', { token: a.token })).json() as Me).timeZone).toBe(ZONE);
    expect(((await portal.api.get('/api/v1/users/me', { token: b.token })).json() as Me).timeZone).toBe(
      'Africa/Lagos',
    );
    const global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(((await portal.api.get('/api/v1/users/me', { token: global })).json() as Me).timeZone).toBe(
      'Africa/Lagos',
    );
    // The public claim screen of the tenant says its zone too.
    const claimTenant = await portal.api.get(`/api/v1/claims/tenant`, {
      headers: { 'x-tenant': a.tenant.subdomain },
      csrf: false,
    });
    expect(claimTenant.statusCode, claimTenant.body).toBe(200);
    expect(claimTenant.json()).toMatchObject({ name: a.tenant.name, timeZone: ZONE });
  });
});

describe("the tenant's files and file names are in its zone", () => {
  it('names the payroll export by the day in its zone and writes Validated At with its offset', async () => {
    const mine = await exportAtInstant(a);
    const day = dayIn(INSTANT, ZONE);
    expect(day).not.toBe(INSTANT.slice(0, 10));
    expect(mine.disposition).toBe(
      `attachment; filename="payroll-${a.tenant.stateCode}-${day}-${mine.job.id}.csv"`,
    );
    expect(mine.header.split(',').at(-1)).toBe('Validated At');
    expect(mine.rows).toHaveLength(1);
    const validatedAt = mine.rows[0]!.split(',').at(-1)!;
    expect(validatedAt).toBe(isoIn(INSTANT, ZONE));
    expect(validatedAt).toMatch(
      ZONE === 'Pacific/Kiritimati' ? /^2026-11-29T00:30:00\+14:00$/ : /^2026-11-27T23:30:00-11:00$/,
    );
    expect(Date.parse(validatedAt)).toBe(Date.parse(INSTANT));

    // Tenant b kept the default: Lagos's day and offset, whatever a chose.
    const theirs = await exportAtInstant(b);
    expect(theirs.disposition).toBe(
      `attachment; filename="payroll-${b.tenant.stateCode}-2026-11-28-${theirs.job.id}.csv"`,
    );
    expect(theirs.rows[0]!.split(',').at(-1)).toBe('2026-11-28T11:30:00+01:00');
  });

  it("names the audit CSV by today in its zone, writes its rows' times with its offset, and reads its days in it", async () => {
    await portal.db.orm.execute(sql`
      insert into audit_events (tenant_id, actor_email, action, entity_type, note, created_at)
      values (${a.tenant.id}, 'zone@example.gov.ng', 'SYSTEM_PING', 'system', 'zone', ${INSTANT}::timestamptz),
        (${b.tenant.id}, 'zone@example.gov.ng', 'SYSTEM_PING', 'system', 'zone', ${INSTANT}::timestamptz)`);
    const res = await portal.api.get('/api/v1/audit-events/export?action=SYSTEM_PING', { token: a.token });
    expect(res.statusCode).toBe(200);
    const today = dayIn(Date.now(), ZONE);
    expect(today).not.toBe(dayIn(Date.now(), 'Africa/Lagos'));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="audit-tenant-${today}.csv"`);
    const row = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')[1]!;
    expect(row.split(',')[1]).toBe(isoIn(INSTANT, ZONE));

    const theirs = await portal.api.get('/api/v1/audit-events/export?action=SYSTEM_PING', { token: b.token });
    expect(theirs.headers['content-disposition']).toBe(
      `attachment; filename="audit-tenant-${dayIn(Date.now(), 'Africa/Lagos')}.csv"`,
    );
    expect(theirs.body.trimEnd().split('\r\n')[1]!.split(',')[1]).toBe('2026-11-28T11:30:00+01:00');

    // The filter's days are the zone's: the event is on its day there, not on Lagos's.
    const onDay = async (token: string, day: string) =>
      (
        (
          await portal.api.get(`/api/v1/audit-events?action=SYSTEM_PING&from=${day}&to=${day}`, { token })
        ).json() as {
          total: number;
        }
      ).total;
    expect(await onDay(a.token, dayIn(INSTANT, ZONE))).toBe(1);
    expect(await onDay(a.token, '2026-11-28')).toBe(0);
    expect(await onDay(b.token, '2026-11-28')).toBe(1);
  });

  it('evaluates the integrity rules as of the day in its zone', async () => {
    const summary: IntegritySummary = await currentSummary(portal, a.token);
    expect(summary.asOf).toBe(dayIn(Date.now(), ZONE));
    expect((await currentSummary(portal, b.token)).asOf).toBe(dayIn(Date.now(), 'Africa/Lagos'));
  });
});

describe('with the second approver on', () => {
  it('a change of the time zone waits for a different tenant admin, then applies', async () => {
    expect((await putSettings(a.token, { secondApprover: true })).statusCode).toBe(200);
    const held = await putSettings(a.token, { timeZone: 'Europe/London' });
    expect(held.statusCode, held.body).toBe(200);
    const view = held.json() as TenantSettingsView;
    expect(view.timeZone).toBe(ZONE);
    expect(view.pendingChanges).toHaveLength(1);
    expect(view.pendingChanges[0]!.changes).toEqual([
      { setting: 'timeZone', before: ZONE, after: 'Europe/London' },
    ]);
    expect(((await portal.api.get('/api/v1/users/me', { token: a.token })).json() as Me).timeZone).toBe(ZONE);

    const page = (
      await portal.api.get('/api/v1/approvals?kind=SETTINGS_CHANGE', { token: checker })
    ).json() as ApprovalsPage;
    const pending = page.items.find((i) => i.status === 'PENDING')!;
    const approved = await portal.api.post(`/api/v1/approvals/${pending.id}/approve`, {
      token: checker,
      body: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await settingsOf(a.token)).toMatchObject({ timeZone: 'Europe/London', pendingChanges: [] });
    expect(await settingsOf(b.token)).toMatchObject({ timeZone: 'Africa/Lagos' });
  });
});

describe('one text of an instant in a zone', () => {
  it("the database's iso_in_zone writes what the contract's isoIn writes, across summer time and odd offsets", async () => {
    const cases: [string, string][] = [];
    // Both sides of London's and New York's 2026 clock changes, quarter- and half-hour zones, +14.
    const instants = [
      '2026-03-29T00:59:59Z',
      '2026-03-29T01:00:00Z',
      '2026-10-25T00:59:59Z',
      '2026-10-25T01:00:00Z',
      '2026-03-08T06:59:59Z',
      '2026-03-08T07:00:00Z',
      '2026-11-01T05:59:59Z',
      '2026-11-01T06:00:00Z',
      '2026-12-31T23:30:00Z',
    ];
    const zones = [
      'Africa/Lagos',
      'Europe/London',
      'America/New_York',
      'Asia/Kathmandu',
      'America/St_Johns',
      'Pacific/Kiritimati',
      'UTC',
    ];
    for (const zone of zones) for (const at of instants) cases.push([zone, at]);
    for (const [zone, at] of cases) {
      const res = await portal.db.orm.execute<{ text: string }>(
        sql`select iso_in_zone(${at}::timestamptz, ${zone}::text) as text`,
      );
      expect(res.rows[0]!.text, `${at} in ${zone}`).toBe(isoIn(at, zone));
    }
    expect(isoIn('2026-03-29T01:00:00Z', 'Europe/London')).toBe('2026-03-29T02:00:00+01:00');
    expect(isoIn('2026-03-29T00:59:59Z', 'Europe/London')).toBe('2026-03-29T00:59:59+00:00');
    expect(isoIn('2026-12-31T23:30:00Z', 'Asia/Kathmandu')).toBe('2027-01-01T05:15:00+05:45');
  });
});
