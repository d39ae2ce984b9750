import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MasterRecord, Facets } from '@portal/contract/records';
import type { AuditEntry, QueuePage } from '@portal/contract/validation';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';

let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let reviewer: string;
let reviewerEmail: string;
const ids: Record<string, string> = {};

/** Six records: three in Health (the reviewer's ministry), three in Finance. */
beforeAll(async () => {
  portal = await createTestPortal();
  t = await createTenantWithAdmin(portal);
  const seeds = [
    ['h-pending-1', 'Ministry of Health', 'PENDING_GRADE_VALIDATION'],
    ['h-pending-2', 'Ministry of Health', 'PENDING_GRADE_VALIDATION'],
    ['h-mismatch', 'Ministry of Health', 'MISMATCHED'],
    ['f-pending', 'Ministry of Finance', 'PENDING_GRADE_VALIDATION'],
    ['f-mismatch', 'Ministry of Finance', 'MISMATCHED'],
    ['f-mismatch-2', 'Ministry of Finance', 'MISMATCHED'],
  ] as const;
  const created = await seedRecords(
    portal,
    t.tenant.id,
    seeds.map(([key, ministry, status], i) => ({
      fullName: `Person ${key}`,
      nin: String(40000000000 + i),
      ministry,
      department: ministry === 'Ministry of Health' ? 'Nursing Services' : 'Accounts',
      status,
      dateOfBirth: '1980-01-02',
      gradeLevel: 'GL 08',
    })),
  );
  seeds.forEach(([key], i) => (ids[key] = created[i]!));
  await portal.db.orm.execute(sql`
    update records set sot_data = jsonb_build_object('nin', nin, 'fullName', full_name, 'firstName', 'X', 'lastName', 'Y',
      'dateOfBirth', '1981-01-02', 'gradeLevel', 'GL 09', 'biometricsEnrolled', true), sot_verified = true
    where tenant_id = ${t.tenant.id} and status = 'MISMATCHED'`);
  const facets = (await portal.api.get('/api/v1/records/facets', { token: t.token })).json() as Facets;
  const health = facets.ministries.find((m) => m.name === 'Ministry of Health')!;
  reviewerEmail = `queue.reviewer.${Date.now()}@example.gov.ng`;
  await portal.api.post('/api/v1/tenant-admin/users', {
    token: t.token,
    body: {
      fullName: 'Queue Reviewer',
      email: reviewerEmail,
      password: 'Reviewer-Passw0rd',
      role: 'REVIEWER',
      assignedMinistryIds: [health.id],
    },
  });
  reviewer = await portal.login(reviewerEmail, 'Reviewer-Passw0rd');
});
afterAll(async () => {
  await portal?.close();
});

const queue = async (token: string, kind: 'pending-approval' | 'mismatched', query = '') =>
  (await portal.api.get(`/api/v1/records/queue/${kind}${query}`, { token })).json() as QueuePage;
const statusOf = async (id: string) =>
  (await portal.db.orm.execute<{ status: string }>(sql`select status from records where id = ${id}`)).rows[0]!
    .status;
const history = async (token: string, id: string) =>
  ((await portal.api.get(`/api/v1/records/${id}/audit`, { token })).json() as { items: AuditEntry[] }).items;

describe('queues', () => {
  it('a reviewer sees only the records of their ministries, with both tab counts', async () => {
    const pending = await queue(reviewer, 'pending-approval');
    expect(pending.items.map((r) => r.fullName).sort()).toEqual(['Person h-pending-1', 'Person h-pending-2']);
    expect(pending.counts).toEqual({ pendingApproval: 2, mismatched: 1 });
    const all = await queue(t.token, 'mismatched');
    expect(all.total).toBe(3);
    expect(all.counts).toEqual({ pendingApproval: 3, mismatched: 3 });
    const filtered = await queue(
      t.token,
      'mismatched',
      '?ministry=Ministry%20of%20Finance&pageSize=1&page=2',
    );
    expect(filtered).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(filtered.items).toHaveLength(1);
  });

  it('a reviewer of a ministry and of departments counts each record of their scope once', async () => {
    const facets = (await portal.api.get('/api/v1/records/facets', { token: t.token })).json() as Facets;
    const health = facets.ministries.find((m) => m.name === 'Ministry of Health')!;
    const accounts = facets.departments.find((d) => d.name === 'Accounts')!;
    const nursing = facets.departments.find((d) => d.name === 'Nursing Services')!;
    const email = `queue.mixed.${Date.now()}@example.gov.ng`;
    await portal.api.post('/api/v1/tenant-admin/users', {
      token: t.token,
      body: {
        fullName: 'Mixed Reviewer',
        email,
        password: 'Reviewer-Passw0rd',
        role: 'REVIEWER',
        assignedMinistryIds: [health.id],
        // Accounts lies in Finance (outside the ministry); Nursing Services inside it.
        assignedDepartmentIds: [accounts.id, nursing.id],
      },
    });
    const mixed = await portal.login(email, 'Reviewer-Passw0rd');
    const pending = await queue(mixed, 'pending-approval', '?pageSize=25');
    const mismatched = await queue(mixed, 'mismatched', '?pageSize=25');
    expect(pending.items.map((r) => r.fullName).sort()).toEqual([
      'Person f-pending',
      'Person h-pending-1',
      'Person h-pending-2',
    ]);
    expect(mismatched.items).toHaveLength(3);
    // Health's Nursing Services records are in both the ministry and a department: counted once.
    expect(pending.counts).toEqual({ pendingApproval: 3, mismatched: 3 });
    expect(pending.total).toBe(3);
    const filtered = await queue(mixed, 'mismatched', `?ministry=${health.id}`);
    expect(filtered.counts).toEqual({ pendingApproval: 2, mismatched: 1 });
  });

  it("the filter values: a reviewer gets those of their own queues only, the tenant admin the tenant's", async () => {
    const own = (await portal.api.get('/api/v1/records/queue/facets', { token: reviewer })).json() as Facets;
    expect(own.ministries.map((m) => m.name)).toEqual(['Ministry of Health']);
    expect(own.departments.map((d) => d.name)).toEqual(['Nursing Services']);
    expect(own.grades).toEqual(['GL 08']);
    expect(own.statuses).toEqual(['PENDING_GRADE_VALIDATION', 'MISMATCHED']);
    const all = (await portal.api.get('/api/v1/records/queue/facets', { token: t.token })).json() as Facets;
    expect(all.ministries.map((m) => m.name)).toEqual(['Ministry of Finance', 'Ministry of Health']);
  });
});

describe('decisions', () => {
  it('approve → VALIDATED with the note "Approved by reviewer."; approving again is 409', async () => {
    const res = await portal.api.post(`/api/v1/records/${ids['h-pending-1']}/validate`, {
      token: reviewer,
      body: { decision: 'APPROVE', comments: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'VALIDATED' });
    expect((res.json() as MasterRecord).validatedAt).not.toBeNull();
    const again = await portal.api.post(`/api/v1/records/${ids['h-pending-1']}/validate`, {
      token: reviewer,
      body: { decision: 'APPROVE' },
    });
    expect(again.statusCode).toBe(409);
    const [event] = await history(reviewer, ids['h-pending-1']!);
    expect(event).toMatchObject({
      action: 'RECORD_APPROVED',
      actorEmail: reviewerEmail,
      note: 'Approved by reviewer.',
      before: { status: 'PENDING_GRADE_VALIDATION' },
      after: { status: 'VALIDATED' },
    });
  });

  it('reject needs a non-blank reason (400, nothing changes), then → REJECTED with the reason', async () => {
    const blank = await portal.api.post(`/api/v1/records/${ids['h-pending-2']}/validate`, {
      token: reviewer,
      body: { decision: 'REJECT', comments: '   ', reasonCode: 'NOT_ON_NOMINAL_ROLL' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ details: { comments: 'A reason is required to reject a record' } });
    expect(await statusOf(ids['h-pending-2']!)).toBe('PENDING_GRADE_VALIDATION');
    const res = await portal.api.post(`/api/v1/records/${ids['h-pending-2']}/validate`, {
      token: reviewer,
      body: { decision: 'REJECT', comments: 'Not on our staff', reasonCode: 'NOT_ON_NOMINAL_ROLL' },
    });
    expect(res.json()).toMatchObject({ status: 'REJECTED', statusReasonCode: 'NOT_ON_NOMINAL_ROLL' });
    expect((await history(reviewer, ids['h-pending-2']!))[0]).toMatchObject({
      action: 'RECORD_REJECTED',
      after: { status: 'REJECTED', reasonCode: 'NOT_ON_NOMINAL_ROLL' },
      note: 'Not on our staff',
    });
  });

  it('resolve accepts the source of truth for the compared fields and validates', async () => {
    const res = await portal.api.post(`/api/v1/records/${ids['h-mismatch']}/resolve-mismatch`, {
      token: reviewer,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'VALIDATED', dateOfBirth: '1981-01-02', gradeLevel: 'GL 09' });
    expect((await history(reviewer, ids['h-mismatch']!))[0]).toMatchObject({
      action: 'RECORD_MISMATCH_RESOLVED',
      before: { status: 'MISMATCHED', dateOfBirth: '1980-01-02', gradeLevel: 'GL 08' },
      after: { status: 'VALIDATED', dateOfBirth: '1981-01-02', gradeLevel: 'GL 09' },
    });
    expect(
      (await portal.api.post(`/api/v1/records/${ids['h-mismatch']}/resolve-mismatch`, { token: reviewer }))
        .statusCode,
    ).toBe(409);
  });

  it('editing a mismatched record compares it again; fullName and department are required', async () => {
    const id = ids['f-mismatch']!;
    const bad = await portal.api.put(`/api/v1/records/${id}`, {
      token: t.token,
      body: { fullName: '', department: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      details: { fullName: 'Full name is required', department: 'Department is required' },
    });
    const unknown = await portal.api.put(`/api/v1/records/${id}`, {
      token: t.token,
      body: { fullName: 'X Y', department: 'No Such Dept' },
    });
    expect(unknown.statusCode).toBe(400);
    const still = await portal.api.put(`/api/v1/records/${id}`, {
      token: t.token,
      body: {
        fullName: 'Person f-mismatch',
        department: 'Accounts',
        ministry: 'Ministry of Finance',
        gradeLevel: 'GL 09',
        dateOfBirth: '1980-01-02',
      },
    });
    expect(still.json()).toMatchObject({ status: 'MISMATCHED', gradeLevel: 'GL 09' });
    const fixed = await portal.api.put(`/api/v1/records/${id}`, {
      token: t.token,
      body: {
        fullName: 'Person f-mismatch',
        department: 'Accounts',
        ministry: 'Ministry of Finance',
        gradeLevel: 'GL 09',
        dateOfBirth: '1981-01-02',
        salaryStructure: 'CONPSS',
      },
    });
    expect(fixed.json()).toMatchObject({
      status: 'PENDING_GRADE_VALIDATION',
      dateOfBirth: '1981-01-02',
      salaryStructure: 'CONPSS',
    });
    const events = await history(t.token, id);
    expect(events.map((e) => e.action)).toEqual(['RECORD_EDITED', 'RECORD_EDITED']);
    expect(events[0]).toMatchObject({
      before: { status: 'MISMATCHED', dateOfBirth: '1980-01-02' },
      after: { status: 'PENDING_GRADE_VALIDATION', dateOfBirth: '1981-01-02' },
    });
  });

  it('a reviewer gets 404 for a record outside their scope, and nothing changes', async () => {
    for (const [method, url, body] of [
      ['POST', `/api/v1/records/${ids['f-pending']}/validate`, { decision: 'APPROVE' }],
      ['POST', `/api/v1/records/${ids['f-mismatch-2']}/resolve-mismatch`, undefined],
      ['PUT', `/api/v1/records/${ids['f-pending']}`, { fullName: 'Hijack', department: 'Accounts' }],
      ['GET', `/api/v1/records/${ids['f-pending']}/audit`, undefined],
      ['GET', `/api/v1/records/${ids['f-mismatch-2']}/comparison`, undefined],
    ] as const) {
      expect((await portal.api.call(method, url, { token: reviewer, body })).statusCode, url).toBe(404);
    }
    expect(await statusOf(ids['f-pending']!)).toBe('PENDING_GRADE_VALIDATION');
    expect(await statusOf(ids['f-mismatch-2']!)).toBe('MISMATCHED');
  });

  it('a reviewer cannot edit a record out of their own scope: 400, and nothing changes', async () => {
    const id = ids['h-pending-1']!;
    const before = (await history(reviewer, id)).length;
    const res = await portal.api.put(`/api/v1/records/${id}`, {
      token: reviewer,
      body: { fullName: 'Person h-pending-1', department: 'Accounts', ministry: 'Ministry of Finance' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'This change would move the record out of your assignments.',
      details: { ministry: 'This change would move the record out of your assignments.' },
    });
    const after = await history(reviewer, id);
    expect(after).toHaveLength(before);
    const [row] = (
      await portal.db.orm.execute<{ name: string }>(
        sql`select m.name from records r join ministries m on m.id = r.ministry_id where r.id = ${id}`,
      )
    ).rows;
    expect(row!.name).toBe('Ministry of Health');
  });

  it('two decisions racing on one record: exactly one wins, the other gets 409', async () => {
    const id = ids['f-pending']!;
    const [a, b] = await Promise.all([
      portal.api.post(`/api/v1/records/${id}/validate`, { token: t.token, body: { decision: 'APPROVE' } }),
      portal.api.post(`/api/v1/records/${id}/validate`, {
        token: t.token,
        body: { decision: 'REJECT', comments: 'duplicate', reasonCode: 'DUPLICATE_RECORD' },
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const decisions = (await history(t.token, id)).filter(
      (e) => e.action === 'RECORD_APPROVED' || e.action === 'RECORD_REJECTED',
    );
    expect(decisions).toHaveLength(1);
    const stale = await portal.api.post(`/api/v1/records/${ids['f-mismatch-2']}/validate`, {
      token: t.token,
      body: { status: 'REJECTED', note: 'x', reasonCode: 'OTHER', version: 0 },
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('isolation and access', () => {
  it("another tenant's admin gets 404 and empty queues", async () => {
    const other = await createTenantWithAdmin(portal);
    expect((await queue(other.token, 'mismatched')).total).toBe(0);
    expect(
      (
        await portal.api.post(`/api/v1/records/${ids['f-mismatch-2']}/resolve-mismatch`, {
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await portal.api.get(`/api/v1/records/${ids['f-mismatch-2']}/audit`, { token: other.token }))
        .statusCode,
    ).toBe(404);
    expect(await statusOf(ids['f-mismatch-2']!)).toBe('MISMATCHED');
  });

  it('every queue route answers 403 to AGENT, SELF_SERVICE_USER and GLOBAL_SUPER_ADMIN', async () => {
    const tokens = {
      GLOBAL_SUPER_ADMIN: await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password),
      AGENT: await portal.login('agent@demo.local'),
      SELF_SERVICE_USER: await portal.login('employee@demo.local'),
    };
    const id = ids['f-mismatch-2'];
    const routes = [
      ['GET', '/api/v1/records/queue/pending-approval', undefined],
      ['GET', '/api/v1/records/queue/mismatched', undefined],
      ['PUT', `/api/v1/records/${id}`, { fullName: 'X', department: 'Accounts' }],
      ['POST', `/api/v1/records/${id}/validate`, { decision: 'APPROVE' }],
      ['POST', `/api/v1/records/${id}/resolve-mismatch`, undefined],
      ['GET', `/api/v1/records/${id}/audit`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await portal.api.call(method, url, { body })).statusCode).toBe(401);
      for (const [role, token] of Object.entries(tokens)) {
        expect(
          (await portal.api.call(method, url, { token, body })).statusCode,
          `${method} ${url} as ${role}`,
        ).toBe(403);
      }
    }
  });
});
