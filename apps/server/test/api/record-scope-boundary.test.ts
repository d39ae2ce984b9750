import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { MasterRecord } from '@portal/contract/records';
import type { Reviewer } from '@portal/contract/people';
import {
  reachesWholeTenant,
  tenantScope,
  type RecordScope,
  type TenantScope,
} from '../../src/access/actor.ts';
import {
  assignedRecordBranches,
  recordsInScope,
  withAssignments,
} from '../../src/access/record-scope.repo.ts';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';

// SPEC: "Reviewers see only records assigned to them … Employees see only their own record."
// access/record-scope.repo.ts holds both rules; these tests pin what each scope reaches, in every
// form the repositories use, and through the API.

let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let other: Awaited<ReturnType<typeof createTenantWithAdmin>>;
const ids: Record<string, string> = {};
const users: Record<string, { id: string; token: string }> = {};

const SEEDS = [
  ['h1', 'Ministry of Health', 'Nursing Services', 'PENDING_GRADE_VALIDATION'],
  ['h2', 'Ministry of Health', 'Pharmacy', 'MISMATCHED'],
  ['f1', 'Ministry of Finance', 'Accounts', 'PENDING_GRADE_VALIDATION'],
  ['f2', 'Ministry of Finance', 'Audit', 'MISMATCHED'],
  ['e1', 'Ministry of Education', 'Accounts', 'AWAITING_REVALIDATION'],
  ['e2', 'Ministry of Education', 'Accounts', 'AWAITING_REVALIDATION'],
] as const;
type Key = (typeof SEEDS)[number][0];
const person = (i: number) => ({ nin: String(70000000000 + i), ssid: `SS7${i}` });

async function createUser(role: string, key: string, assignments: { m?: string[]; d?: string[] } = {}) {
  const named = async (table: 'ministries' | 'departments', names: string[] = []) =>
    (
      await portal.db.orm.execute<{ id: string }>(
        sql`select id from ${sql.identifier(table)} where tenant_id = ${t.tenant.id}
          and name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})`,
      )
    ).rows.map((r) => r.id);
  const email = `scope.${key}.${Date.now()}@example.gov.ng`;
  const res = await portal.api.post('/api/v1/tenant-admin/users', {
    token: t.token,
    body: {
      fullName: `Scope ${key}`,
      email,
      password: 'Scope-Passw0rd',
      role,
      ...(role === 'REVIEWER'
        ? {
            assignedMinistryIds: assignments.m ? await named('ministries', assignments.m) : [],
            assignedDepartmentIds: assignments.d ? await named('departments', assignments.d) : [],
          }
        : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`creating ${key} failed: ${res.body}`);
  users[key] = { id: (res.json() as { id: string }).id, token: await portal.login(email, 'Scope-Passw0rd') };
}

beforeAll(async () => {
  portal = await createTestPortal();
  t = await createTenantWithAdmin(portal);
  other = await createTenantWithAdmin(portal);
  const created = await seedRecords(
    portal,
    t.tenant.id,
    SEEDS.map(([key, ministry, department, status], i) => ({
      fullName: `Scope ${key}`,
      ...person(i),
      ministry,
      department,
      status,
    })),
  );
  SEEDS.forEach(([key], i) => (ids[key] = created[i]!));
  // The other tenant has records under the same names: only the tenant id tells them apart.
  ids.otherH1 = (
    await seedRecords(portal, other.tenant.id, [
      { fullName: 'Scope other h1', nin: '70000000099', ministry: 'Ministry of Health' },
    ])
  )[0]!;
  await createUser('REVIEWER', 'health', { m: ['Ministry of Health'] });
  await createUser('REVIEWER', 'accounts', { d: ['Accounts'] });
  // Nursing Services lies inside Health: its record must be reached (and counted) once.
  await createUser('REVIEWER', 'mixed', { m: ['Ministry of Health'], d: ['Nursing Services', 'Accounts'] });
  await createUser('REVIEWER', 'unassigned');
  await createUser('SELF_SERVICE_USER', 'employee');
  await createUser('SELF_SERVICE_USER', 'unlinked');
  await createUser('AGENT', 'agent');
  await portal.db.orm.execute(sql`update users set record_id = ${ids.e1} where id = ${users.employee!.id}`);
});
afterAll(async () => {
  await portal?.close();
});

const reached = async (where: SQL) =>
  (
    await portal.db.orm.execute<{ key: string }>(
      sql`select substr(full_name, 7) as key from records where ${where} order by 1`,
    )
  ).rows.map((r) => r.key);
const scopeOf = (tenant: string, s: Partial<Pick<RecordScope, 'reviewerId' | 'ownerId'>>): RecordScope => ({
  ...tenantScope(tenant),
  reviewerId: s.reviewerId ?? null,
  ownerId: s.ownerId ?? null,
});

describe('a reviewer reaches the records of their assigned ministries and departments only', () => {
  const expected: Record<string, Key[]> = {
    health: ['h1', 'h2'],
    accounts: ['e1', 'e2', 'f1'],
    mixed: ['e1', 'e2', 'f1', 'h1', 'h2'],
    unassigned: [],
  };

  it.each(Object.keys(expected))(
    '%s: the same records whether the assignments are read in the query, as values or as two branches',
    async (key) => {
      const scope = scopeOf(t.tenant.id, { reviewerId: users[key]!.id });
      expect(reachesWholeTenant(scope)).toBe(false);
      expect(await reached(recordsInScope(scope))).toEqual(expected[key]);
      const assigned = await withAssignments(portal.db.orm, scope);
      expect(assigned.assignments).toBeDefined();
      expect(await reached(recordsInScope(assigned))).toEqual(expected[key]);
      const [first, second] = assignedRecordBranches(assigned.assignments!);
      const a = await reached(sql`${recordsInScope(tenantScope(t.tenant.id))} and ${first}`);
      const b = await reached(sql`${recordsInScope(tenantScope(t.tenant.id))} and ${second}`);
      expect([...a, ...b].sort()).toEqual(expected[key]); // disjoint: nothing counted twice
    },
  );

  it("names no record of another tenant, even under a reviewer's id", async () => {
    const scope = scopeOf(other.tenant.id, { reviewerId: users.mixed!.id });
    expect(await reached(recordsInScope(scope))).toEqual([]);
    expect(await reached(recordsInScope(await withAssignments(portal.db.orm, scope)))).toEqual([]);
  });

  it("counts each reviewer's pending and mismatched records for the tenant admin", async () => {
    const list = (await portal.api.get('/api/v1/users/reviewers', { token: t.token })).json() as Reviewer[];
    const pending = Object.fromEntries(list.map((r) => [r.fullName, r.pendingValidationCount]));
    expect(pending).toMatchObject({
      'Scope health': 2,
      'Scope accounts': 1,
      'Scope mixed': 3,
      'Scope unassigned': 0,
    });
  });

  it("gets 404 for a record of another reviewer's scope by id, and reaches their own", async () => {
    const health = users.health!.token;
    for (const url of [`/api/v1/records/${ids.f2}/comparison`, `/api/v1/records/${ids.f2}/audit`]) {
      expect((await portal.api.get(url, { token: health })).statusCode, url).toBe(404);
      expect((await portal.api.get(url.replace(ids.f2!, ids.h2!), { token: health })).statusCode, url).toBe(
        200,
      );
    }
    const decided = await portal.api.post(`/api/v1/records/${ids.f1}/validate`, {
      token: health,
      body: { decision: 'APPROVE' },
    });
    expect(decided.statusCode).toBe(404);
    const [row] = (
      await portal.db.orm.execute<{ status: string }>(sql`select status from records where id = ${ids.f1}`)
    ).rows;
    expect(row!.status).toBe('PENDING_GRADE_VALIDATION');
  });
});

describe('an employee reaches their own record only', () => {
  it('the scope of an employee names their linked record; without a link, none', async () => {
    const own = scopeOf(t.tenant.id, { ownerId: users.employee!.id });
    expect(reachesWholeTenant(own)).toBe(false);
    expect(await reached(recordsInScope(own))).toEqual(['e1']);
    expect(await reached(recordsInScope(scopeOf(t.tenant.id, { ownerId: users.unlinked!.id })))).toEqual([]);
    expect(await reached(recordsInScope(scopeOf(other.tenant.id, { ownerId: users.employee!.id })))).toEqual(
      [],
    );
  });

  it('GET /users/me/record is their record; an account without one gets 404', async () => {
    const mine = await portal.api.get('/api/v1/users/me/record', { token: users.employee!.token });
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as MasterRecord).id).toBe(ids.e1);
    expect(
      (await portal.api.get('/api/v1/users/me/record', { token: users.unlinked!.token })).statusCode,
    ).toBe(404);
  });

  it("re-verifying another employee's record is 404 and changes nothing; their own is reached", async () => {
    const reverify = (token: string, key: Key, i: number) =>
      portal.api.post(`/api/v1/agent/records/${ids[key]}/verify`, {
        token,
        body: { ...person(i), ssid: 'SS-WRONG' },
      });
    const employee = users.employee!.token;
    // A wrong SSID is refused (400) only once the record is reached: 404 means out of reach.
    expect((await reverify(employee, 'e2', 5)).statusCode).toBe(404);
    expect((await reverify(employee, 'e1', 4)).statusCode).toBe(400);
    expect((await reverify(users.unlinked!.token, 'e1', 4)).statusCode).toBe(404);
    // An agent works for the whole tenant, and for no other.
    expect((await reverify(users.agent!.token, 'e2', 5)).statusCode).toBe(400);
    const outsider = await portal.api.post(`/api/v1/agent/records/${ids.otherH1}/verify`, {
      token: users.agent!.token,
      body: { nin: '70000000099', ssid: 'SS-WRONG' },
    });
    expect(outsider.statusCode).toBe(404);
    const rows = (
      await portal.db.orm.execute<{ status: string }>(
        sql`select status from records where id in (${ids.e1}, ${ids.e2})`,
      )
    ).rows;
    expect(rows.map((r) => r.status)).toEqual(['AWAITING_REVALIDATION', 'AWAITING_REVALIDATION']);
  });

  it('a tenant admin and an agent reach the whole tenant', async () => {
    const whole: TenantScope = scopeOf(t.tenant.id, {});
    expect(reachesWholeTenant(whole)).toBe(true);
    expect(await reached(recordsInScope(whole))).toEqual(['e1', 'e2', 'f1', 'f2', 'h1', 'h2']);
  });
});
