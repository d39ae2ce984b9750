import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_CSV_COLUMNS,
  type AuditEvent,
  type AuditPage,
} from '@portal/contract/audit';
import { recordByPsn } from '../helpers/integrity.ts';
import { buildUserInput } from '../helpers/factories.ts';
import { createTestPortal, DEMO_ADMIN, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { csvOf, uploadFile } from '../helpers/uploads.ts';

/**
 * The audit log (issue #22 item 3): what is recorded (sign-ins and failed ones with the address,
 * uploads, record views, changes with their record), the filters, the pages, the CSV's neutralised
 * cells, and who reads what: a tenant admin its tenant's events, the global admin the platform's,
 * nobody else.
 */
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let globalToken: string;
const others: Record<string, string> = {};

const ROWS = [
  { name: 'Chiamaka Eze', psn: 'PSNAUD1', nin: '71000000001' },
  { name: 'Tunde Bello', psn: 'PSNAUD2', nin: '71000000002' },
  { name: 'Chiamaka Obi', psn: 'PSNAUD3', nin: '71000000003' },
];

const log = async (token: string, query = '') => {
  const res = await portal.api.get(`/api/v1/audit-events${query ? `?${query}` : ''}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditPage;
};
const signIn = (email: string, password: string, address: string, headers: Record<string, string> = {}) =>
  portal.app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate',
    remoteAddress: address,
    headers,
    payload: { email, password },
  });
const recordOf = (psn: string) => recordByPsn(portal, a.token, psn);

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  globalToken = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  for (const role of ['REVIEWER', 'AGENT', 'SELF_SERVICE_USER']) {
    const email = `audit.${role.toLowerCase()}@example.gov.ng`;
    const res = await portal.api.post('/api/v1/tenant-admin/users', {
      token: a.token,
      body: {
        fullName: `Audit ${role}`,
        email,
        password: 'Audit-Passw0rd',
        role,
        ...(role === 'REVIEWER' ? { assignedMinistryIds: [], assignedDepartmentIds: [] } : {}),
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    others[role] = await portal.login(email, 'Audit-Passw0rd');
  }
  const up = await uploadFile(portal, a.token, 'master-a.csv', csvOf(ROWS));
  expect(up.statusCode, up.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe('what the trail records', () => {
  it('labels every action the server writes', () => {
    const written = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) {
          const text = fs.readFileSync(file, 'utf8');
          for (const m of text.matchAll(/action: '([A-Z_]+)'/g)) written.add(m[1]!);
          const union = /export type RecordAuditAction =([^;]+);/.exec(text);
          if (union) for (const m of union[1]!.matchAll(/'([A-Z_]+)'/g)) written.add(m[1]!);
        }
      }
    };
    walk(path.resolve(import.meta.dirname, '../../src'));
    expect(written.size).toBeGreaterThan(20);
    expect([...written].filter((action) => !(action in AUDIT_ACTION_LABELS))).toEqual([]);
    for (const required of [
      'SIGN_IN',
      'SIGN_IN_FAILED',
      'RECORD_VIEWED',
      'RECORD_REJECTED',
      'APPROVAL_GRANTED',
      'EXPORT_GENERATED',
      'EXPORT_DOWNLOADED',
      'UPLOAD',
    ])
      expect(AUDIT_ACTION_LABELS).toHaveProperty(required);
  });

  it('records a sign-in with its address, and a failed one with the email tried, never the password', async () => {
    const user = buildUserInput(a.tenant.id, { role: 'TENANT_ADMIN' });
    expect(
      (await portal.api.post('/api/v1/auth/register', { token: globalToken, body: user })).statusCode,
    ).toBe(201);
    expect((await signIn(user.email, user.password, '203.0.113.7')).statusCode).toBe(200);
    expect((await signIn(user.email, 'Wrong-Secret-9', '203.0.113.8')).statusCode).toBe(401);
    // An email no account has, on tenant A's sign-in page: A's event.
    expect(
      (
        await signIn('nobody.here@example.gov.ng', 'Other-Secret-1', '203.0.113.9', {
          'x-tenant': a.tenant.subdomain,
        })
      ).statusCode,
    ).toBe(401);

    const ok = (await log(a.token, `action=SIGN_IN&actor=${encodeURIComponent(user.email)}`)).items;
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({ action: 'SIGN_IN', label: 'Signed in', address: '203.0.113.7' });

    const failed = (await log(a.token, 'action=SIGN_IN_FAILED')).items;
    expect(failed.map((e) => [e.actorEmail, e.address, (e.after as { reason: string }).reason])).toEqual([
      ['nobody.here@example.gov.ng', '203.0.113.9', 'UNKNOWN_ACCOUNT'],
      [user.email.toLowerCase(), '203.0.113.8', 'WRONG_PASSWORD'],
    ]);
    expect(JSON.stringify(failed)).not.toMatch(/Wrong-Secret-9|Other-Secret-1/);
    const rows = await portal.db.orm.execute(sql`select * from audit_events where action like 'SIGN_IN%'`);
    expect(JSON.stringify(rows.rows)).not.toMatch(/Wrong-Secret-9|Other-Secret-1|Str0ng-Passw0rd/);
    // Neither reaches tenant B nor the platform.
    expect((await log(b.token, 'action=SIGN_IN_FAILED')).total).toBe(0);
    expect((await log(globalToken, 'action=SIGN_IN_FAILED')).items.map((e) => e.actorEmail)).not.toContain(
      user.email.toLowerCase(),
    );
  });

  it("records the global admin's sign-in and the tenants it creates as platform events only", async () => {
    expect((await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password, '198.51.100.4')).statusCode).toBe(200);
    const platform = await log(globalToken, 'action=SIGN_IN');
    expect(platform.items[0]).toMatchObject({ actorEmail: DEMO_ADMIN.email, address: '198.51.100.4' });
    expect((await log(globalToken, 'action=TENANT_CREATED')).total).toBeGreaterThanOrEqual(2);
    // In tenant A, the global admin appears only as the creator of A's users, never signing in.
    const inA = (await log(a.token, `actor=${encodeURIComponent(DEMO_ADMIN.email)}`)).items;
    expect(new Set(inA.map((e) => e.action))).toEqual(new Set(['USER_CREATED']));
  });

  it('records every upload with its file and counts, and a refused one', async () => {
    const uploads = (await log(a.token, 'action=UPLOAD')).items;
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.after).toMatchObject({
      fileName: 'master-a.csv',
      rows: 3,
      newRecords: 3,
      updatedRecords: 0,
    });
    expect(uploads[0]!.actorEmail).toBe(a.email.toLowerCase());

    const bad = await uploadFile(portal, a.token, 'broken.csv', csvOf([{ name: '', psn: 'X', nin: '1' }]));
    expect(bad.statusCode).toBe(422);
    const refused = (await log(a.token, 'action=UPLOAD_REJECTED')).items;
    expect(refused).toHaveLength(1);
    expect(refused[0]!.after).toMatchObject({ fileName: 'broken.csv' });
  });

  it("an upload's changes to a record carry the record and its PSN (the filter by record finds them)", async () => {
    const renamed = ROWS.map((r) => (r.psn === 'PSNAUD2' ? { ...r, name: 'Tunde Bello-Ade' } : r));
    expect((await uploadFile(portal, a.token, 'master-a2.csv', csvOf(renamed))).statusCode).toBe(200);
    const events = (await log(a.token, 'record=PSNAUD2')).items.filter((e) => e.action !== 'UPLOAD');
    expect(events.map((e) => e.action)).toEqual(['RECORD_UPDATED_BY_UPLOAD']);
    expect(events[0]).toMatchObject({ psn: 'PSNAUD2', recordId: (await recordOf('PSNAUD2')).id });
    // The record's name beside its PSN (issue #31), its name now.
    expect(events[0]!.recordName).toBe('Tunde Bello-Ade');
    expect(events[0]!.before).toMatchObject({ fullName: 'Tunde Bello' });
    expect(events[0]!.after).toMatchObject({ fullName: 'Tunde Bello-Ade' });
  });

  it("records one view per opening of a record's comparison or history, none for a list", async () => {
    const record = await recordOf('PSNAUD1');
    const before = (await log(a.token, 'action=RECORD_VIEWED')).total;
    await portal.api.get('/api/v1/records?pageSize=100', { token: a.token });
    expect((await log(a.token, 'action=RECORD_VIEWED')).total).toBe(before);

    expect(
      (await portal.api.get(`/api/v1/records/${record.id}/comparison`, { token: a.token })).statusCode,
    ).toBe(200);
    expect((await portal.api.get(`/api/v1/records/${record.id}/audit`, { token: a.token })).statusCode).toBe(
      200,
    );
    // A later page of the same history is the same view.
    await portal.api.get(`/api/v1/records/${record.id}/audit?page=2`, { token: a.token });
    // Another tenant's record is a 404, and no view.
    expect(
      (await portal.api.get(`/api/v1/records/${record.id}/comparison`, { token: b.token })).statusCode,
    ).toBe(404);
    const views = (await log(a.token, 'action=RECORD_VIEWED&record=PSNAUD1')).items;
    expect(views.map((v) => v.note)).toEqual(['History opened', 'Comparison opened']);
    expect(views[0]).toMatchObject({
      recordId: record.id,
      psn: 'PSNAUD1',
      actorEmail: a.email.toLowerCase(),
    });
    expect((await log(b.token, 'action=RECORD_VIEWED')).total).toBe(0);
    // The record's own history lists its changes, not who looked at it.
    const history = (await portal.api.get(`/api/v1/records/${record.id}/audit`, { token: a.token })).json();
    expect(JSON.stringify(history)).not.toContain('RECORD_VIEWED');
  });

  it("records an export's generation and every download, with the address", async () => {
    const started = await portal.api.post('/api/v1/records/export', { token: a.token });
    expect(started.statusCode, started.body).toBe(202);
    const id = (started.json() as { id: string }).id;
    await waitFor(async () => {
      const jobs = (await portal.api.get('/api/v1/records/export-logs', { token: a.token })).json() as {
        id: string;
        status: string;
      }[];
      return jobs.find((j) => j.id === id && j.status === 'COMPLETED');
    });
    for (const address of ['192.0.2.10', '192.0.2.11']) {
      const res = await portal.app.inject({
        method: 'GET',
        url: `/api/v1/records/export-logs/${id}/download`,
        remoteAddress: address,
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const downloads = (await log(a.token, 'action=EXPORT_DOWNLOADED')).items;
    expect(downloads.map((e) => e.address)).toEqual(['192.0.2.11', '192.0.2.10']);
    expect(downloads.every((e) => e.label === 'Payroll export downloaded')).toBe(true);
    expect((await log(a.token, 'action=EXPORT_GENERATED')).total).toBe(1);
    expect((await log(b.token, 'action=EXPORT_DOWNLOADED')).total).toBe(0);
  });

  it('records changes to users, assignments and settings with the address', async () => {
    const res = await portal.app.inject({
      method: 'PUT',
      url: '/api/v1/tenant-admin/settings',
      remoteAddress: '192.0.2.44',
      headers: {
        authorization: `Bearer ${a.token}`,
        cookie: 'XSRF-TOKEN=t',
        'x-xsrf-token': 't',
      },
      payload: { integrity: { retirementAge: 61 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = (await log(a.token, 'action=TENANT_SETTINGS_UPDATED')).items;
    expect(event).toMatchObject({ address: '192.0.2.44' });
    expect(event!.before).toBeTruthy();
    expect(event!.after).toBeTruthy();
    const created = (await log(a.token, `action=USER_CREATED&actor=${encodeURIComponent(a.email)}`)).items;
    expect(created.every((e) => e.address === '127.0.0.1')).toBe(true);
    expect(created.map((e) => (e.after as { role: string }).role).sort()).toEqual([
      'AGENT',
      'REVIEWER',
      'SELF_SERVICE_USER',
    ]);
  });
});

describe('filters and pages', () => {
  it('filters by record name, by actor, by days in Lagos, and all together; pages count the same', async () => {
    // By name: both Chiamakas' events, none of Tunde's.
    const third = await recordOf('PSNAUD3');
    await portal.api.get(`/api/v1/records/${third.id}/audit`, { token: a.token });
    const byName = (await log(a.token, 'record=chiamaka&pageSize=100')).items;
    expect(new Set(byName.map((e) => e.psn))).toEqual(new Set(['PSNAUD1', 'PSNAUD3']));
    expect((await log(a.token, 'record=nobody-at-all')).total).toBe(0);

    const all = await log(a.token, 'pageSize=100');
    expect(all.totalExact).toBe(true);
    const mine = all.items.filter((e) => e.actorEmail === a.email.toLowerCase());
    expect(
      (await log(a.token, `actor=${encodeURIComponent(a.email.toUpperCase())}&pageSize=100`)).total,
    ).toBe(mine.length);

    // Today in Lagos holds everything; the day before holds nothing.
    const lagos = (offsetDays: number) =>
      new Date(Date.now() + 3600_000 + offsetDays * 86400_000).toISOString().slice(0, 10);
    expect((await log(a.token, `from=${lagos(0)}&to=${lagos(0)}`)).total).toBe(all.total);
    expect((await log(a.token, `to=${lagos(-1)}`)).total).toBe(0);
    expect((await log(a.token, `from=${lagos(1)}`)).total).toBe(0);
    expect(
      (await portal.api.get(`/api/v1/audit-events?from=${lagos(1)}&to=${lagos(0)}`, { token: a.token }))
        .statusCode,
    ).toBe(400);
    expect(
      (await portal.api.get('/api/v1/audit-events?from=2026-13-45', { token: a.token })).statusCode,
    ).toBe(400);

    const combined = await log(
      a.token,
      `record=PSNAUD1&action=RECORD_VIEWED&actor=${encodeURIComponent(a.email)}&from=${lagos(0)}&to=${lagos(0)}`,
    );
    // The comparison, the history, and the history opened again by the test of views.
    expect(combined.total).toBe(3);
    expect((await log(a.token, `record=PSNAUD1&action=RECORD_VIEWED&actor=someone.else@x.ng`)).total).toBe(0);

    // Pages of 2: the same events in the same order, each page with the whole total.
    const pages: AuditEvent[] = [];
    for (let p = 1; p <= Math.ceil(all.total / 2); p++) {
      const page = await log(a.token, `page=${p}&pageSize=2`);
      expect(page.total).toBe(all.total);
      pages.push(...page.items);
    }
    expect(pages.map((e) => e.id)).toEqual(all.items.map((e) => e.id));
    expect(all.items.map((e) => Number(e.id))).toEqual(
      [...all.items.map((e) => Number(e.id))].sort((x, y) => y - x),
    );
  });

  it("reads a day as Nigeria's: 23:30 in Lagos is the same day, 00:30 the next", async () => {
    // 22:30 and 23:30 UTC on 10 March are 23:30 on the 10th and 00:30 on the 11th in Lagos.
    for (const [at, note] of [
      ['2026-03-09T12:00:00Z', 'day before'],
      ['2026-03-10T22:30:00Z', 'late on the 10th'],
      ['2026-03-10T23:30:00Z', 'early on the 11th'],
      ['2026-03-12T12:00:00Z', 'day after'],
    ])
      await portal.db.orm.execute(sql`
        insert into audit_events (tenant_id, actor_email, action, entity_type, note, created_at)
        values (${b.tenant.id}::uuid, 'clock@example.gov.ng', 'TENANT_SETTINGS_UPDATED', 'settings', ${note}, ${at}::timestamptz)`);
    const notes = async (query: string) =>
      (await log(b.token, `actor=clock@example.gov.ng&${query}`)).items.map((e) => e.note);
    expect(await notes('from=2026-03-11&to=2026-03-11')).toEqual(['early on the 11th']);
    expect(await notes('from=2026-03-10&to=2026-03-10')).toEqual(['late on the 10th']);
    expect(await notes('from=2026-03-10&to=2026-03-11')).toEqual(['early on the 11th', 'late on the 10th']);
    expect(await notes('to=2026-03-09')).toEqual(['day before']);
    expect(await notes('from=2026-03-12')).toEqual(['day after']);
    expect(await notes('from=2025-01-01&to=2025-12-31')).toEqual([]);
  });

  it('counts up to 10,000 and says so above', async () => {
    await portal.db.orm.execute(sql`
      insert into audit_events (tenant_id, actor_email, action, entity_type)
      select ${b.tenant.id}::uuid, 'bulk@example.gov.ng', 'SYSTEM_PING', 'system' from generate_series(1, 10005)`);
    const page = await log(b.token, 'action=SYSTEM_PING&pageSize=10');
    expect(page).toMatchObject({ total: 10_000, totalExact: false });
    expect(page.items).toHaveLength(10);
    expect((await log(b.token, 'action=SYSTEM_PING&actor=nobody@x.ng')).totalExact).toBe(true);
  });
});

describe('the CSV', () => {
  it('holds the filtered view with every formula cell neutralised, before and after included', async () => {
    const evil = ['=1+2', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR'];
    for (const [i, v] of evil.entries()) {
      await portal.db.orm.execute(sql`
        insert into audit_events (tenant_id, actor_email, action, entity_type, entity_id, psn, address, note, before, after)
        values (${a.tenant.id}::uuid, ${v}, 'SYSTEM_PING', ${v}, ${v}, ${v}, ${v}, ${v},
          ${JSON.stringify(v)}::jsonb, ${JSON.stringify(i % 2 ? v : { [v]: v })}::jsonb)`);
    }
    const res = await portal.api.get('/api/v1/audit-events/export?action=SYSTEM_PING', { token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="audit-tenant-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const body = res.body.replace(/^\uFEFF/, '');
    const lines = body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    // One line per event (a CR inside a quoted cell stays in its cell).
    expect(lines.filter((l) => /^\d+,/.test(l))).toHaveLength(evil.length);
    // No cell, quoted or not, starts with a formula character.
    const cells = parseCsv(body).slice(1).flat();
    expect(cells.length).toBe(evil.length * AUDIT_CSV_COLUMNS.length);
    for (const cell of cells) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells).toContain("'=1+2");
    expect(cells).toContain("'@cmd");
    // Only the filtered view, and only the tenant's: B's 10,005 pings are not in it.
    const b2 = await portal.api.get('/api/v1/audit-events/export?action=SYSTEM_PING', { token: b.token });
    const bRows = parseCsv(b2.body.replace(/^\uFEFF/, '')).slice(1);
    expect(bRows.length).toBe(10_005);
    expect(b2.body).not.toContain('@cmd');
    // Reading the log out is itself in the log.
    expect((await log(a.token, 'action=AUDIT_LOG_EXPORTED')).total).toBe(1);
  });
});

describe('who reads what', () => {
  it('refuses every other role on both routes (403)', async () => {
    for (const [role, token] of Object.entries(others)) {
      for (const url of ['/api/v1/audit-events', '/api/v1/audit-events/export']) {
        expect((await portal.api.get(url, { token })).statusCode, `${role} ${url}`).toBe(403);
      }
    }
    expect((await portal.api.get('/api/v1/audit-events')).statusCode).toBe(401);
  });

  it("shows a tenant admin its tenant's events only, and the platform view no tenant's", async () => {
    const aIds = new Set(
      (
        await portal.db.orm.execute<{ id: string }>(
          sql`select id::text from audit_events where tenant_id = ${a.tenant.id}::uuid`,
        )
      ).rows.map((r) => r.id),
    );
    const bSeen = (await log(b.token, 'pageSize=200')).items;
    expect(bSeen.filter((e) => aIds.has(e.id))).toEqual([]);
    expect((await log(b.token, 'record=PSNAUD1')).total).toBe(0);
    const platform = (await log(globalToken, 'pageSize=200')).items;
    expect(platform.length).toBeGreaterThan(0);
    const tenantIds = await portal.db.orm.execute<{ id: string }>(
      sql`select id::text from audit_events where tenant_id is not null`,
    );
    const tenantEventIds = new Set(tenantIds.rows.map((r) => r.id));
    expect(platform.filter((e) => tenantEventIds.has(e.id))).toEqual([]);
    expect(platform.some((e) => e.psn !== null || e.recordId !== null || e.recordName !== null)).toBe(false);
    // A record filter finds nothing in the platform's events.
    expect((await log(globalToken, 'record=PSNAUD1')).total).toBe(0);
    const csv = await portal.api.get('/api/v1/audit-events/export', { token: globalToken });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toMatch(/PSNAUD|Chiamaka|@cmd/);
  });
});

/** RFC 4180 rows (quoted cells with doubled quotes, CRLF between rows). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') [cell, i] = [cell + '"', i + 1];
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') [row, cell] = [[...row, cell], ''];
    else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      [row, cell, i] = [[], '', i + 1];
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
