import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Facets } from '@portal/contract/records';
import type { Reviewer } from '@portal/contract/people';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { csvOf, sampleRows, uploadFile } from '../helpers/uploads.ts';

let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let facetsA: Facets;
let facetsB: Facets;
let seq = 0;

const newUser = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Kemi Adeyemi',
  email: `kemi.${Date.now()}.${seq++}@example.gov.ng`,
  password: 'Reviewer-Passw0rd',
  role: 'REVIEWER',
  ...overrides,
});

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  await uploadFile(portal, a.token, 'a.csv', csvOf(sampleRows(30)));
  await uploadFile(portal, b.token, 'b.csv', csvOf(sampleRows(6)));
  facetsA = (await portal.api.get('/api/v1/records/facets', { token: a.token })).json() as Facets;
  facetsB = (await portal.api.get('/api/v1/records/facets', { token: b.token })).json() as Facets;
});
afterAll(async () => {
  await portal?.close();
});

const reviewers = async (token: string) =>
  (await portal.api.get('/api/v1/users/reviewers', { token })).json() as Reviewer[];

describe('POST /api/v1/tenant-admin/users', () => {
  it('creates a reviewer with two ministries who signs in as REVIEWER of the tenant', async () => {
    const [m1, m2] = facetsA.ministries;
    const user = newUser({ assignedMinistryIds: [m1!.id, m2!.id] });
    const res = await portal.api.post('/api/v1/tenant-admin/users', { token: a.token, body: user });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ role: 'REVIEWER', tenantId: a.tenant.id, email: user.email });
    const token = await portal.login(user.email, user.password);
    expect((await portal.api.get('/api/v1/users/me', { token })).json()).toMatchObject({
      role: 'REVIEWER',
      tenantId: a.tenant.id,
    });
    const listed = (await reviewers(a.token)).find((r) => r.email === user.email)!;
    expect(listed.assignedMinistries.map((m) => m.id).sort()).toEqual([m1!.id, m2!.id].sort());
    const users = (await portal.api.get('/api/v1/tenant-admin/users', { token: a.token })).json() as {
      email: string;
    }[];
    expect(users.map((u) => u.email)).toContain(user.email);
  });

  it.each([
    ['fullName', { fullName: '' }, 'Full name is required'],
    ['email', { email: 'nope' }, 'Please enter a valid email address'],
    ['email', { email: '' }, 'Email is required'],
    ['password', { password: 'short' }, 'Password must be at least 8 characters long'],
    ['role', { role: 'GLOBAL_SUPER_ADMIN' }, 'Invalid input'],
    ['role', { role: '' }, 'Role is required'],
    [
      'role',
      { role: 'SELF_SERVICE_USER', assignedMinistryIds: ['00000000-0000-4000-8000-000000000000'] },
      'Ministries and departments can only be assigned to reviewers and agents',
    ],
  ])('rejects a bad %s with its message', async (field, overrides, message) => {
    const res = await portal.api.post('/api/v1/tenant-admin/users', {
      token: a.token,
      body: newUser(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { details: Record<string, string> }).details[field]).toBe(message);
  });

  it('refuses a duplicate email, also when it differs only in case (409), and check-email says so', async () => {
    const user = newUser({ role: 'AGENT' });
    expect(
      (await portal.api.post('/api/v1/tenant-admin/users', { token: a.token, body: user })).statusCode,
    ).toBe(201);
    const dup = await portal.api.post('/api/v1/tenant-admin/users', {
      token: b.token,
      body: { ...user, email: user.email.toUpperCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: 'This email is already taken' });
    const check = (email: string) =>
      portal.api.post('/api/v1/tenant-admin/users/check-email', { token: a.token, body: { email } });
    expect((await check(user.email.toUpperCase())).json()).toEqual({ exists: true });
    expect((await check('free.address@example.gov.ng')).json()).toEqual({ exists: false });
  });

  it("refuses assignments to another tenant's ministry or department (400) and creates nothing", async () => {
    const user = newUser({ assignedMinistryIds: [facetsB.ministries[0]!.id] });
    const res = await portal.api.post('/api/v1/tenant-admin/users', { token: a.token, body: user });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'One or more ministries do not belong to this tenant' });
    const dept = await portal.api.post('/api/v1/tenant-admin/users', {
      token: a.token,
      body: newUser({ assignedDepartmentIds: [facetsB.departments[0]!.id] }),
    });
    expect(dept.statusCode).toBe(400);
    const check = await portal.api.post('/api/v1/tenant-admin/users/check-email', {
      token: a.token,
      body: { email: user.email },
    });
    expect(check.json()).toEqual({ exists: false });
  });

  it('creates agents and self-service users; every creation is in the audit trail', async () => {
    for (const role of ['AGENT', 'SELF_SERVICE_USER', 'TENANT_ADMIN']) {
      const user = newUser({ role });
      const res = await portal.api.post('/api/v1/tenant-admin/users', { token: a.token, body: user });
      expect(res.statusCode).toBe(201);
      const id = (res.json() as { id: string }).id;
      const audit = await portal.db.orm.execute(
        sql`select 1 from audit_events where action = 'USER_CREATED' and entity_id = ${id} and tenant_id = ${a.tenant.id}`,
      );
      expect(audit.rows).toHaveLength(1);
    }
  });
});

describe('reviewers and assignments', () => {
  it('pendingValidationCount counts PENDING_GRADE_VALIDATION and MISMATCHED records in scope only', async () => {
    const health = facetsA.ministries.find((m) => m.name === 'Ministry of Health')!;
    const accounts = facetsA.departments.find((d) => d.name === 'Accounts')!;
    const user = newUser({ assignedMinistryIds: [health.id], assignedDepartmentIds: [accounts.id] });
    const id = (
      (await portal.api.post('/api/v1/tenant-admin/users', { token: a.token, body: user })).json() as {
        id: string;
      }
    ).id;
    await portal.db.orm.execute(sql`
      update records set status = case when (hashtext(id::text) & 3) = 0 then 'MISMATCHED'
        when (hashtext(id::text) & 3) = 1 then 'VALIDATED' else 'PENDING_GRADE_VALIDATION' end
      where tenant_id = ${a.tenant.id}`);
    const expected = await portal.db.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from records where tenant_id = ${a.tenant.id}
        and status in ('PENDING_GRADE_VALIDATION', 'MISMATCHED') and (ministry_id = ${health.id} or department_id = ${accounts.id})`);
    expect(expected.rows[0]!.n).toBeGreaterThan(0);
    const listed = (await reviewers(a.token)).find((r) => r.id === id)!;
    expect(listed.pendingValidationCount).toBe(expected.rows[0]!.n);
  });

  it('replaces assignments; the table shows the new ones; 404 for a non-reviewer or another tenant’s reviewer', async () => {
    const user = newUser({ assignedMinistryIds: [facetsA.ministries[0]!.id] });
    const id = (
      (await portal.api.post('/api/v1/tenant-admin/users', { token: a.token, body: user })).json() as {
        id: string;
      }
    ).id;
    const res = await portal.api.put(`/api/v1/tenant-admin/reviewers/${id}/assignments`, {
      token: a.token,
      body: { ministryIds: [facetsA.ministries[2]!.id], departmentIds: [facetsA.departments[1]!.id] },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Reviewer).assignedMinistries.map((m) => m.id)).toEqual([facetsA.ministries[2]!.id]);
    const listed = (await reviewers(a.token)).find((r) => r.id === id)!;
    expect(listed.assignedDepartments.map((d) => d.id)).toEqual([facetsA.departments[1]!.id]);
    const other = await portal.api.put(`/api/v1/tenant-admin/reviewers/${id}/assignments`, {
      token: b.token,
      body: { ministryIds: [], departmentIds: [] },
    });
    expect(other.statusCode).toBe(404);
    const agent = newUser({ role: 'AGENT' });
    const agentId = (
      (await portal.api.post('/api/v1/tenant-admin/users', { token: a.token, body: agent })).json() as {
        id: string;
      }
    ).id;
    expect(
      (
        await portal.api.put(`/api/v1/tenant-admin/reviewers/${agentId}/assignments`, {
          token: a.token,
          body: { ministryIds: [], departmentIds: [] },
        })
      ).statusCode,
    ).toBe(404);
    const foreign = await portal.api.put(`/api/v1/tenant-admin/reviewers/${id}/assignments`, {
      token: a.token,
      body: { ministryIds: [facetsB.ministries[0]!.id], departmentIds: [] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toEqual({
      ministryIds: 'One or more ministries do not belong to this tenant',
    });
    // Ids in upper case are the same ids.
    const upper = await portal.api.put(`/api/v1/tenant-admin/reviewers/${id.toUpperCase()}/assignments`, {
      token: a.token,
      body: { ministryIds: [facetsA.ministries[1]!.id.toUpperCase()], departmentIds: [] },
    });
    expect(upper.statusCode, upper.body).toBe(200);
    expect(upper.json()).toMatchObject({ id, assignedMinistries: [{ id: facetsA.ministries[1]!.id }] });
    const audit = await portal.db.orm.execute(
      sql`select 1 from audit_events where action = 'REVIEWER_ASSIGNMENTS_UPDATED' and entity_id = ${id}`,
    );
    expect(audit.rows).toHaveLength(2);
  });

  it("a tenant admin never sees another tenant's users or reviewers", async () => {
    const usersB = (await portal.api.get('/api/v1/tenant-admin/users', { token: b.token })).json() as {
      email: string;
    }[];
    expect(usersB.map((u) => u.email)).toEqual([b.email]);
    expect(await reviewers(b.token)).toEqual([]);
  });
});

it('every people route answers 403 to REVIEWER, AGENT, SELF_SERVICE_USER and GLOBAL_SUPER_ADMIN, 401 without a token', async () => {
  const tokens = {
    GLOBAL_SUPER_ADMIN: await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password),
    REVIEWER: await portal.login('reviewer@demo.local'),
    AGENT: await portal.login('agent@demo.local'),
    SELF_SERVICE_USER: await portal.login('employee@demo.local'),
  };
  const routes = [
    ['GET', '/api/v1/tenant-admin/users', undefined],
    ['POST', '/api/v1/tenant-admin/users', newUser({ role: 'AGENT' })],
    ['POST', '/api/v1/tenant-admin/users/check-email', { email: 'x@example.gov.ng' }],
    ['GET', '/api/v1/users/reviewers', undefined],
    [
      'PUT',
      '/api/v1/tenant-admin/reviewers/00000000-0000-4000-8000-000000000000/assignments',
      { ministryIds: [], departmentIds: [] },
    ],
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
