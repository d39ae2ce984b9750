import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPEAL_MESSAGES as M, type Appeal, type AppealsPage } from '@portal/contract/appeals';
import { CONSENT_VERSION } from '@portal/contract/claims';
import type { ApprovalsPage } from '@portal/contract/decisions';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { buildUserInput } from '../helpers/factories.ts';
import { seedRecords } from '../helpers/records.ts';
import { setSecondApprover } from '../helpers/four-eyes.ts';
import { exportNow } from '../helpers/exports.ts';

/*
 * Issue #34: an appeal about a record taken off the payroll (rejected, confirmed as a ghost,
 * suspended) is lodged by the employee, an agent or a tenant admin; heard by tenant admins and
 * reviewers within their assignments, with questions the employee answers; decided with a code and
 * a note. An upheld appeal returns the record to review (never VALIDATED) with its arrears: monthly
 * pay × the approved exports that left the person out. With the second approver on, a reinstating
 * decision waits for a different tenant admin.
 */

const DAY = 86_400_000;
let clock = new Date('2034-05-01T08:00:00Z');
const later = (days: number) => (clock = new Date(clock.getTime() + days * DAY));

let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let checker: string;
let global: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const MONTHLY_KOBO = 15_000_000; // ₦150,000.00

/** [key, status, ministry]: tenant A's people, all paid ₦150,000 a month. */
const PEOPLE = [
  ['employee', 'VALIDATED', 'Ministry of Lands'],
  ['rejected', 'REJECTED', 'Ministry of Lands'],
  ['mismatch', 'REJECTED', 'Ministry of Lands'],
  ['paid', 'VALIDATED', 'Ministry of Lands'],
  ['works', 'REJECTED', 'Ministry of Works'],
  ['declined', 'REJECTED', 'Ministry of Works'],
] as const;

const post = (url: string, token: string, body: unknown = {}) => portal.api.post(url, { token, body });
const get = (url: string, token: string) => portal.api.get(url, { token });
const lodge = (token: string, body: Record<string, unknown>) =>
  post('/api/v1/appeals', token, { kind: 'WAS_PRESENT', grounds: 'I was at my post every day.', ...body });
const statusOf = async (id: string) =>
  (await portal.db.orm.execute<{ status: string }>(sql`select status from records where id = ${id}`)).rows[0]!
    .status;

/** The record leaves the payroll now, as its decision's audit entry says. */
async function remove(id: string, status: 'REJECTED' | 'SUSPENDED') {
  await portal.db.orm.execute(sql`update records set status = ${status} where id = ${id}`);
  await portal.db.orm.execute(sql`
    insert into audit_events (tenant_id, actor_email, action, entity_type, entity_id, record_id, after)
    values (${a.tenant.id}, 'tester@example.gov.ng', ${status === 'SUSPENDED' ? 'RECORD_SUSPENDED' : 'RECORD_REJECTED'},
      'record', ${id}, ${id}, ${JSON.stringify({ status })}::jsonb)`);
}

async function user(role: string, assignedMinistryIds: string[] = []) {
  const email = `appeals.${role.toLowerCase()}.${Math.random().toString(36).slice(2)}@example.gov.ng`;
  const res = await post('/api/v1/tenant-admin/users', a.token, {
    fullName: `Appeals ${role}`,
    email,
    password: 'Appeal-Pass123',
    role,
    assignedMinistryIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: (res.json() as { id: string }).id, token: await portal.login(email, 'Appeal-Pass123') };
}

beforeAll(async () => {
  portal = await createTestPortal({ now: () => clock, env: { CLAIM_RATE_PER_IP: '1000' } });
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const second = buildUserInput(a.tenant.id, { role: 'TENANT_ADMIN' });
  expect((await post('/api/v1/auth/register', global, second)).statusCode).toBe(201);
  checker = await portal.login(second.email, second.password);
  const seeded = await seedRecords(
    portal,
    a.tenant.id,
    PEOPLE.map(([key, status, ministry], i) => ({
      fullName: `Appeal ${key}`,
      nin: String(73400000000 + i),
      ssid: `SS734${i}`,
      psn: key === 'employee' ? null : `PSN734${i}`,
      ministry,
      department: 'Surveys',
      status,
    })),
  );
  PEOPLE.forEach(([key], i) => (ids[key] = seeded[i]!));
  await portal.db.orm.execute(
    sql`update records set monthly_gross_kobo = ${MONTHLY_KOBO} where tenant_id = ${a.tenant.id}`,
  );
  // What the source of truth said: the same as the record, or (mismatch) another date of birth.
  await portal.db.orm.execute(sql`
    update records set sot_data = jsonb_build_object('fullName', full_name, 'dateOfBirth',
      case when id = ${ids.mismatch} then '1970-01-01' else '1985-03-15' end)
    where tenant_id = ${a.tenant.id} and id <> ${ids.rejected}`);
  const [foreign] = await seedRecords(portal, b.tenant.id, [
    { fullName: 'Other tenant rejected', nin: '73400000099', psn: 'PSN73499', status: 'REJECTED' },
  ]);
  ids.foreign = foreign!;

  // The employee claims their account while paid (no PSN: straight to the account), then is suspended.
  const claim = await portal.api.post('/api/v1/verification/initiate', {
    body: { ssid: 'SS7340', nin: '73400000000', consentVersion: CONSENT_VERSION },
    csrf: false,
    headers: { 'x-tenant': a.tenant.subdomain },
  });
  expect(claim.statusCode, claim.body).toBe(200);
  const account = await portal.api.post('/api/v1/auth/create-account', {
    body: {
      email: 'appeal.employee@example.gov.ng',
      password: 'Appeal-Pass123',
      recordId: (claim.json() as { recordId: string }).recordId,
    },
    csrf: false,
    headers: { 'x-tenant': a.tenant.subdomain },
  });
  expect(account.statusCode, account.body).toBe(200);
  tokens.employee = await portal.login('appeal.employee@example.gov.ng', 'Appeal-Pass123');

  const lands = await portal.db.orm.execute<{ id: string }>(
    sql`select id from ministries where tenant_id = ${a.tenant.id} and name = 'Ministry of Lands'`,
  );
  const reviewer = await user('REVIEWER', [lands.rows[0]!.id]);
  tokens.reviewer = reviewer.token;
  ids.reviewer = reviewer.id;
  const agent = await user('AGENT', [lands.rows[0]!.id]);
  tokens.agent = agent.token;

  // Removed, then three approved payroll exports without them.
  await remove(ids.employee!, 'SUSPENDED');
  for (let i = 0; i < 3; i++) expect((await exportNow(portal, a.token)).status).toBe('COMPLETED');
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

describe('lodging an appeal', () => {
  it('the employee appeals their own suspension from their profile; one appeal is heard at a time', async () => {
    const res = await lodge(tokens.employee!, { kind: 'WAS_PRESENT' });
    expect(res.statusCode, res.body).toBe(201);
    const appeal = res.json() as Appeal;
    ids.employeeAppeal = appeal.id;
    expect(appeal).toMatchObject({
      recordId: ids.employee,
      appealedStatus: 'SUSPENDED',
      channel: 'EMPLOYEE',
      status: 'OPEN',
      deadlineState: 'ON_TRACK',
      daysLeft: 30,
      decision: null,
      messages: [],
    });
    expect(Date.parse(appeal.deadline) - Date.parse(appeal.lodgedAt)).toBe(30 * DAY);
    const again = await lodge(tokens.employee!, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: M.alreadyOpen });
    // A recordId of someone else's record is ignored: an employee appeals only their own.
    expect((await lodge(tokens.employee!, { recordId: ids.rejected })).statusCode).toBe(409);
    // The record's history shows it.
    const history = await portal.db.orm.execute<{ action: string }>(
      sql`select action from audit_events where record_id = ${ids.employee} and action = 'APPEAL_LODGED'`,
    );
    expect(history.rows).toHaveLength(1);
  });

  it('an agent lodges for a person in its assignment; a tenant admin from a letter', async () => {
    const byAgent = await lodge(tokens.agent!, { recordId: ids.rejected, kind: 'NOT_ME' });
    expect(byAgent.statusCode, byAgent.body).toBe(201);
    expect(byAgent.json()).toMatchObject({ channel: 'AGENT', appealedStatus: 'REJECTED' });
    ids.rejectedAppeal = (byAgent.json() as Appeal).id;
    // Outside the agent's assignment: not found.
    expect((await lodge(tokens.agent!, { recordId: ids.works })).statusCode).toBe(404);
    const byLetter = await lodge(a.token, { recordId: ids.works, kind: 'WRONG_DATA' });
    expect(byLetter.statusCode, byLetter.body).toBe(201);
    expect(byLetter.json()).toMatchObject({ channel: 'LETTER' });
    ids.worksAppeal = (byLetter.json() as Appeal).id;
    expect((await lodge(a.token, { recordId: ids.mismatch, kind: 'WRONG_DATA' })).statusCode).toBe(201);
    expect((await lodge(a.token, { recordId: ids.declined, kind: 'OTHER' })).statusCode).toBe(201);
  });

  it('refuses a record on the payroll, a missing record id, bad input, and another tenant’s record', async () => {
    const paid = await lodge(a.token, { recordId: ids.paid });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ message: M.notAppealable });
    expect((await lodge(a.token, {})).statusCode).toBe(400);
    expect((await lodge(a.token, { recordId: ids.paid, kind: 'MAYBE' })).statusCode).toBe(400);
    expect((await lodge(a.token, { recordId: ids.paid, grounds: '  ' })).statusCode).toBe(400);
    expect((await lodge(a.token, { recordId: ids.foreign })).statusCode).toBe(404);
    expect((await lodge(b.token, { recordId: ids.rejected })).statusCode).toBe(404);
    const count = await portal.db.orm.execute<{ n: number }>(
      sql`select count(*)::int as n from appeals where record_id in (${ids.paid}, ${ids.foreign})`,
    );
    expect(count.rows[0]!.n).toBe(0);
  });
});

describe('who reads which appeals', () => {
  it('a reviewer sees the appeals of their assignments only; an employee only their own', async () => {
    const reviewer = (await get('/api/v1/appeals', tokens.reviewer!)).json() as AppealsPage;
    expect(reviewer.items.map((i) => i.recordId).sort()).toEqual(
      [ids.employee, ids.rejected, ids.mismatch].sort(),
    );
    expect((await get(`/api/v1/appeals/${ids.worksAppeal}`, tokens.reviewer!)).statusCode).toBe(404);
    const own = (await get('/api/v1/appeals', tokens.employee!)).json() as AppealsPage;
    expect(own.items.map((i) => i.id)).toEqual([ids.employeeAppeal]);
    expect((await get(`/api/v1/appeals/${ids.rejectedAppeal}`, tokens.employee!)).statusCode).toBe(404);
    // An agent reads an appeal it lodged, no other.
    expect((await get(`/api/v1/appeals/${ids.rejectedAppeal}`, tokens.agent!)).statusCode).toBe(200);
    expect((await get(`/api/v1/appeals/${ids.employeeAppeal}`, tokens.agent!)).statusCode).toBe(404);
    const admin = (await get('/api/v1/appeals', a.token)).json() as AppealsPage;
    expect(admin.total).toBe(5);
  });

  it('tenants never see each other’s appeals', async () => {
    expect(((await get('/api/v1/appeals', b.token)).json() as AppealsPage).total).toBe(0);
    for (const path of ['', '/assign', '/ask', '/decide']) {
      const url = `/api/v1/appeals/${ids.employeeAppeal}${path}`;
      const res = path
        ? await post(url, b.token, {
            handlerUserId: ids.reviewer,
            question: 'Q?',
            decision: 'UPHELD',
            note: 'n',
          })
        : await get(url, b.token);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('each role reaches only what the contract gives it (403)', async () => {
    const forbidden: [string, string, string][] = [
      ['POST', '/api/v1/appeals', tokens.reviewer!],
      ['GET', '/api/v1/appeals', tokens.agent!],
      ['GET', '/api/v1/appeals', global],
      ['POST', `/api/v1/appeals/${ids.employeeAppeal}/ask`, tokens.employee!],
      ['POST', `/api/v1/appeals/${ids.employeeAppeal}/decide`, tokens.employee!],
      ['POST', `/api/v1/appeals/${ids.employeeAppeal}/assign`, tokens.agent!],
      ['POST', `/api/v1/appeals/${ids.employeeAppeal}/answer`, tokens.reviewer!],
    ];
    for (const [method, url, token] of forbidden) {
      const res = method === 'GET' ? await get(url, token) : await post(url, token, {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('hearing an appeal', () => {
  it('a handler is a tenant admin or a reviewer assigned to the record', async () => {
    const res = await post(`/api/v1/appeals/${ids.employeeAppeal}/assign`, a.token, {
      handlerUserId: ids.reviewer,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Appeal).handler?.id).toBe(ids.reviewer);
    const outside = await post(`/api/v1/appeals/${ids.worksAppeal}/assign`, a.token, {
      handlerUserId: ids.reviewer,
    });
    expect(outside.statusCode).toBe(400);
  });

  it('the handler asks, the employee sees the question and answers; the appeal returns to the handler', async () => {
    const asked = await post(`/api/v1/appeals/${ids.employeeAppeal}/ask`, tokens.reviewer!, {
      question: 'Which site did you attend, and on which day?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'AWAITING_EMPLOYEE' });
    const mine = (await get(`/api/v1/appeals/${ids.employeeAppeal}`, tokens.employee!)).json() as Appeal;
    expect(mine.messages).toMatchObject([
      { type: 'QUESTION', text: 'Which site did you attend, and on which day?' },
    ]);
    const answered = await post(`/api/v1/appeals/${ids.employeeAppeal}/answer`, tokens.employee!, {
      text: 'Lokoja secretariat, on the third day; the agent scanned my slip.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'OPEN' });
    const twice = await post(`/api/v1/appeals/${ids.employeeAppeal}/answer`, tokens.employee!, {
      text: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: M.notAwaitingEmployee });
  });

  it('tracks the deadline against the clock: on track, at risk at 7 days left, breached after it', async () => {
    const state = async () =>
      ((await get(`/api/v1/appeals/${ids.declined ? ids.employeeAppeal : ''}`, a.token)).json() as Appeal)
        .deadlineState;
    expect(await state()).toBe('ON_TRACK');
    later(23);
    expect(await state()).toBe('AT_RISK');
    const atRisk = (await get('/api/v1/appeals?deadline=AT_RISK', a.token)).json() as AppealsPage;
    expect(atRisk.total).toBe(5);
    later(8);
    expect(await state()).toBe('BREACHED');
    const breached = (
      await get('/api/v1/appeals?deadline=BREACHED&kind=WAS_PRESENT', a.token)
    ).json() as AppealsPage;
    expect(breached.items.map((i) => i.id)).toEqual([ids.employeeAppeal]);
    expect((await get('/api/v1/appeals?deadline=LATE', a.token)).statusCode).toBe(400);
    clock = new Date(clock.getTime() - 31 * DAY);
  });
});

describe('deciding', () => {
  it('UPHELD (second approver off) returns the record to review with its arrears: 3 exports missed', async () => {
    const res = await post(`/api/v1/appeals/${ids.employeeAppeal}/decide`, tokens.reviewer!, {
      decision: 'UPHELD',
      note: 'The site register shows you present on the third day.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const appeal = res.json() as Appeal;
    expect(appeal).toMatchObject({
      status: 'DECIDED',
      decision: 'UPHELD',
      deadlineState: 'MET',
      reinstatedTo: 'PENDING_GRADE_VALIDATION',
      recordStatus: 'PENDING_GRADE_VALIDATION',
    });
    expect(appeal.arrears?.periods).toHaveLength(3);
    expect(appeal.arrears).toMatchObject({ monthlyPay: 150_000, amount: 450_000 });
    expect(await statusOf(ids.employee!)).toBe('PENDING_GRADE_VALIDATION');
    // The employee sees the decision and its note.
    const mine = (await get(`/api/v1/appeals/${ids.employeeAppeal}`, tokens.employee!)).json() as Appeal;
    expect(mine).toMatchObject({
      decision: 'UPHELD',
      decisionNote: 'The site register shows you present on the third day.',
    });
    const again = await post(`/api/v1/appeals/${ids.employeeAppeal}/decide`, a.token, {
      decision: 'REJECTED',
      note: 'x',
    });
    expect(again.statusCode).toBe(409);
  });

  it('PARTLY_UPHELD of a record whose data still differs returns it to MISMATCHED; none stored: verified again', async () => {
    const mismatch = (
      (await get(`/api/v1/appeals?kind=WRONG_DATA`, a.token)).json() as AppealsPage
    ).items.find((i) => i.recordId === ids.mismatch)!;
    const res = await post(`/api/v1/appeals/${mismatch.id}/decide`, a.token, {
      decision: 'PARTLY_UPHELD',
      note: 'Your name is right; the date of birth is for the reviewer.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reinstatedTo: 'MISMATCHED' });
    expect(await statusOf(ids.mismatch!)).toBe('MISMATCHED');
  });

  it('REJECTED and WITHDRAWN decide the appeal and leave the record off the payroll', async () => {
    const rejected = await post(`/api/v1/appeals/${ids.worksAppeal}/decide`, a.token, {
      decision: 'REJECTED',
      note: 'The ministry confirms you left in 2031.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'DECIDED',
      decision: 'REJECTED',
      reinstatedTo: null,
      arrears: null,
    });
    expect(await statusOf(ids.works!)).toBe('REJECTED');
    const withdrawn = await post(`/api/v1/appeals/${ids.rejectedAppeal}/decide`, a.token, {
      decision: 'WITHDRAWN',
      note: 'Withdrawn by the employee in writing.',
    });
    expect(withdrawn.json()).toMatchObject({ decision: 'WITHDRAWN', reinstatedTo: null });
    expect(await statusOf(ids.rejected!)).toBe('REJECTED');
    expect(
      (await post(`/api/v1/appeals/${ids.worksAppeal}/decide`, a.token, { decision: 'UPHELD' })).statusCode,
    ).toBe(400);
  });

  it('with the second approver on, a reinstatement waits for a different tenant admin; declined, it reopens', async () => {
    expect(await setSecondApprover(portal, true, a.token, checker)).toBe(200);
    const declined = ((await get('/api/v1/appeals?kind=OTHER', a.token)).json() as AppealsPage).items[0]!;
    const held = await post(`/api/v1/appeals/${declined.id}/decide`, a.token, {
      decision: 'UPHELD',
      note: 'Reinstated: the rejection named the wrong person.',
    });
    expect(held.statusCode, held.body).toBe(200);
    const appeal = held.json() as Appeal;
    expect(appeal).toMatchObject({ status: 'AWAITING_APPROVAL', decision: null });
    expect(appeal.pendingDecision?.decision).toBe('UPHELD');
    expect(await statusOf(ids.declined!)).toBe('REJECTED');
    const approvals = (
      await get('/api/v1/approvals?kind=APPEAL_REINSTATEMENT', checker)
    ).json() as ApprovalsPage;
    const pending = approvals.items.find((i) => i.status === 'PENDING')!;
    expect(pending).toBeDefined();
    // The maker does not approve their own decision.
    expect((await post(`/api/v1/approvals/${pending.id}/approve`, a.token)).statusCode).toBe(403);
    // Declined: the appeal is its handler's again, the record untouched.
    expect(
      (await post(`/api/v1/approvals/${pending.id}/decline`, checker, { note: 'Need the letter.' }))
        .statusCode,
    ).toBe(200);
    expect(((await get(`/api/v1/appeals/${declined.id}`, a.token)).json() as Appeal).status).toBe('OPEN');
    expect(await statusOf(ids.declined!)).toBe('REJECTED');

    // Asked again and approved by the checker: the record returns to review.
    await post(`/api/v1/appeals/${declined.id}/decide`, a.token, {
      decision: 'UPHELD',
      note: 'With the letter.',
    });
    const again = (await get('/api/v1/approvals?kind=APPEAL_REINSTATEMENT', checker)).json() as ApprovalsPage;
    const next = again.items.find((i) => i.status === 'PENDING')!;
    const approved = await post(`/api/v1/approvals/${next.id}/approve`, checker);
    expect(approved.statusCode, approved.body).toBe(200);
    const decided = (await get(`/api/v1/appeals/${declined.id}`, a.token)).json() as Appeal;
    expect(decided).toMatchObject({
      status: 'DECIDED',
      decision: 'UPHELD',
      reinstatedTo: 'PENDING_GRADE_VALIDATION',
      pendingDecision: null,
    });
    expect(await statusOf(ids.declined!)).toBe('PENDING_GRADE_VALIDATION');
    const reinstated = await portal.db.orm.execute<{ actor_email: string; note: string }>(
      sql`select actor_email, note from audit_events where record_id = ${ids.declined} and action = 'RECORD_REINSTATED'`,
    );
    expect(reinstated.rows[0]!.note).toContain('approved by the second approver');
  });
});
