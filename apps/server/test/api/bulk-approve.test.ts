import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Facets } from '@portal/contract/records';
import type { BulkApproveResult } from '@portal/contract/validation';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';

/**
 * The boundary: 'Approve selected' approves each record as if alone (issue #17): the same checks,
 * one audit event each, within the caller's scope and tenant; at most one queue page at a time.
 */
let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let other: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let reviewer: string;
const ids: string[] = [];
let foreignId: string;

beforeAll(async () => {
  portal = await createTestPortal();
  t = await createTenantWithAdmin(portal);
  other = await createTenantWithAdmin(portal);
  ids.push(
    ...(await seedRecords(
      portal,
      t.tenant.id,
      Array.from({ length: 8 }, (_, i) => ({
        fullName: `Pending ${i}`,
        nin: String(63000000000 + i),
        psn: `PSNBA${i}`,
        status: i === 7 ? 'MISMATCHED' : 'PENDING_GRADE_VALIDATION',
        // 0–3 in Health (the reviewer's), 4–7 in Finance.
        ministry: i < 4 ? 'Ministry of Health' : 'Ministry of Finance',
        department: i < 4 ? 'Nursing Services' : 'Accounts',
      })),
    )),
  );
  foreignId = (
    await seedRecords(portal, other.tenant.id, [
      { fullName: 'Other Tenant', nin: '63000000099', status: 'PENDING_GRADE_VALIDATION' },
    ])
  )[0]!;
  const facets = (await portal.api.get('/api/v1/records/facets', { token: t.token })).json() as Facets;
  const health = facets.ministries.find((m) => m.name === 'Ministry of Health')!;
  const email = `bulk.reviewer.${Date.now()}@example.gov.ng`;
  await portal.api.post('/api/v1/tenant-admin/users', {
    token: t.token,
    body: {
      fullName: 'Bulk Reviewer',
      email,
      password: 'Reviewer-Passw0rd',
      role: 'REVIEWER',
      assignedMinistryIds: [health.id],
    },
  });
  reviewer = await portal.login(email, 'Reviewer-Passw0rd');
});
afterAll(async () => {
  await portal?.close();
});

const approve = (token: string, records: { id: string; version: number }[]) =>
  portal.api.post('/api/v1/records/bulk-approve', { token, body: { records } });
const statuses = async (list: string[]) =>
  (
    await portal.db.orm.execute<{ id: string; status: string }>(
      sql`select id, status from records where id in (${sql.join(
        list.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
  ).rows.reduce<Record<string, string>>((m, r) => ({ ...m, [r.id]: r.status }), {});
const approvals = async (id: string) =>
  (
    await portal.db.orm.execute<{ note: string }>(
      sql`select note from audit_events where action = 'RECORD_APPROVED' and entity_id = ${id}`,
    )
  ).rows;

describe('approve selected', () => {
  it('a reviewer approves the selected records of their scope, each audited as if alone', async () => {
    const res = await approve(reviewer, [
      { id: ids[0]!, version: 1 },
      { id: ids[1]!, version: 1 },
      // Outside the reviewer's ministries, and another tenant's: as if they did not exist.
      { id: ids[4]!, version: 1 },
      { id: foreignId, version: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as BulkApproveResult;
    expect(result.approved.sort()).toEqual([ids[0], ids[1]].sort());
    expect(result.refused).toEqual([
      { id: ids[4], message: 'Record not found' },
      { id: foreignId, message: 'Record not found' },
    ]);
    expect(await statuses([ids[0]!, ids[1]!, ids[4]!, foreignId])).toEqual({
      [ids[0]!]: 'VALIDATED',
      [ids[1]!]: 'VALIDATED',
      [ids[4]!]: 'PENDING_GRADE_VALIDATION',
      [foreignId]: 'PENDING_GRADE_VALIDATION',
    });
    expect(await approvals(ids[0]!)).toEqual([{ note: 'Approved by reviewer.' }]);
    expect(await approvals(ids[1]!)).toEqual([{ note: 'Approved by reviewer.' }]);
    expect(await approvals(ids[4]!)).toEqual([]);
  });

  it('the tenant admin approves across the tenant; a stale or non-pending record is refused alone', async () => {
    const res = await approve(t.token, [
      { id: ids[2]!, version: 1 },
      { id: ids[3]!, version: 7 }, // the queue showed another version
      { id: ids[5]!, version: 1 },
      { id: ids[7]!, version: 1 }, // mismatched: not for approval
      { id: ids[0]!, version: 2 }, // already approved above
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as BulkApproveResult;
    expect(result.approved.sort()).toEqual([ids[2], ids[5]].sort());
    expect(result.refused).toEqual([
      { id: ids[3], message: expect.stringContaining('changed by someone else') },
      { id: ids[7], message: 'This record is no longer awaiting a decision.' },
      { id: ids[0], message: 'This record is no longer awaiting a decision.' },
    ]);
    expect((await statuses([ids[3]!, ids[7]!]))[ids[3]!]).toBe('PENDING_GRADE_VALIDATION');
  });

  it('takes one page at most, at least one record, and the ids it can read', async () => {
    const many = Array.from({ length: 26 }, () => ({ id: ids[6]!, version: 1 }));
    const tooMany = await approve(t.token, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Cannot exceed 25 records');
    const none = await approve(t.token, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Select at least one record');
    expect((await approve(t.token, [{ id: 'not-an-id', version: 1 }])).statusCode).toBe(400);
    expect((await statuses([ids[6]!]))[ids[6]!]).toBe('PENDING_GRADE_VALIDATION');
  });

  it('is refused to every other role (403) and without a token (401), changing nothing', async () => {
    const agentEmail = `bulk.agent.${Date.now()}@example.gov.ng`;
    await portal.api.post('/api/v1/tenant-admin/users', {
      token: t.token,
      body: { fullName: 'Field Agent', email: agentEmail, password: 'Agent-Passw0rd1', role: 'AGENT' },
    });
    const tokens: [string, string][] = [
      ['AGENT', await portal.login(agentEmail, 'Agent-Passw0rd1')],
      ['GLOBAL_SUPER_ADMIN', await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password)],
    ];
    for (const role of ['TENANT_MANAGER', 'TENANT_USER'])
      tokens.push([role, (await createTenantWithAdmin(portal, role)).token]);
    for (const [role, token] of tokens)
      expect((await approve(token, [{ id: ids[6]!, version: 1 }])).statusCode, role).toBe(403);
    const anonymous = await portal.api.post('/api/v1/records/bulk-approve', {
      body: { records: [{ id: ids[6]!, version: 1 }] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await statuses([ids[6]!]))[ids[6]!]).toBe('PENDING_GRADE_VALIDATION');
  });
});
