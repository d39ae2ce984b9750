import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_REASON_CODES,
  REASON_CODE_MESSAGES as M,
  type ReasonCode,
  type ReasonCodes,
} from '@portal/contract/decisions';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { allFlags, currentSummary, decide } from '../helpers/integrity.ts';

/*
 * Reason codes (issue #22): a rejection and an integrity CONFIRM name one of the tenant's active
 * codes (the contract's defaults, the tenant's own, less the retired ones); OTHER or a code that
 * needs a note needs one; the list counts the records now REJECTED with each code.
 */

const PASSWORD = 'Str0ng-Passw0rd';
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let reviewer: string;
let agent: string;
let ids: string[];

const list = async (token = a.token) => {
  const res = await portal.api.get('/api/v1/tenant-admin/reason-codes', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReasonCodes;
};
const codeOf = async (code: string, token = a.token) =>
  (await list(token)).items.find((c) => c.code === code);
const reject = (
  id: string,
  reasonCode: string | undefined,
  comments = 'Checked against the roll',
  token = a.token,
) =>
  portal.api.post(`/api/v1/records/${id}/validate`, {
    token,
    body: { decision: 'REJECT', comments, ...(reasonCode === undefined ? {} : { reasonCode }) },
  });
const yearsAgo = (n: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  ids = await seedRecords(portal, a.tenant.id, [
    ...[1, 2, 3, 4, 5, 6].map((i) => ({
      fullName: `Health Person ${i}`,
      nin: `8100000000${i}`,
      psn: `PSN810${i}`,
      status: 'PENDING_GRADE_VALIDATION',
    })),
    {
      fullName: 'Works Person',
      nin: '81000000007',
      psn: 'PSN8107',
      status: 'PENDING_GRADE_VALIDATION',
      ministry: 'Ministry of Works',
      department: 'Roads',
    },
    {
      fullName: 'Old Worker',
      nin: '81000000008',
      psn: 'PSN8108',
      status: 'VALIDATED',
      dateOfBirth: yearsAgo(67),
    },
  ]);
  const email = `reason.reviewer.${Date.now()}@example.gov.ng`;
  const made = await portal.api.post('/api/v1/tenant-admin/users', {
    token: a.token,
    body: { fullName: 'Reason Reviewer', email, password: PASSWORD, role: 'REVIEWER' },
  });
  const facets = (await portal.api.get('/api/v1/records/facets', { token: a.token })).json() as {
    ministries: { id: string; name: string }[];
  };
  await portal.api.put(`/api/v1/tenant-admin/reviewers/${(made.json() as { id: string }).id}/assignments`, {
    token: a.token,
    body: {
      ministryIds: facets.ministries.filter((m) => m.name === 'Ministry of Works').map((m) => m.id),
      departmentIds: [],
    },
  });
  reviewer = await portal.login(email, PASSWORD);
  const agentEmail = `reason.agent.${Date.now()}@example.gov.ng`;
  await portal.api.post('/api/v1/tenant-admin/users', {
    token: a.token,
    body: { fullName: 'Reason Agent', email: agentEmail, password: PASSWORD, role: 'AGENT' },
  });
  agent = await portal.login(agentEmail, PASSWORD);
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

describe('reason codes (issue #22)', () => {
  it('every tenant starts with the defaults, active, none used', async () => {
    const codes = await list();
    expect(
      codes.items.map((c) => [c.code, c.label, c.needsNote, c.isDefault, c.active, c.rejectedRecords]),
    ).toEqual(DEFAULT_REASON_CODES.map((d) => [d.code, d.label, d.needsNote, true, true, 0]));
    expect(codes.items.find((c) => c.code === 'OTHER')).toMatchObject({ needsNote: true });
    // A reviewer reads the list to reject; other roles do not.
    expect((await list(reviewer)).items).toHaveLength(DEFAULT_REASON_CODES.length);
    expect((await portal.api.get('/api/v1/tenant-admin/reason-codes', { token: agent })).statusCode).toBe(
      403,
    );
  });

  it('a rejection requires an active code of the tenant; nothing changes when refused', async () => {
    // The second reading ({status, note}) without a code is refused; SPEC's own call
    // ({decision, comments}) is recorded as OTHER (issue #31, reason-codes-spec-call below).
    const none = await portal.api.post(`/api/v1/records/${ids[0]}/validate`, {
      token: a.token,
      body: { status: 'REJECTED', note: 'Checked against the roll' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toMatchObject({ reasonCode: M.required });
    const unknown = await reject(ids[0]!, 'GHOSTLY');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toMatchObject({ reasonCode: M.unknown('GHOSTLY') });
    const rows = await portal.db.orm.execute<{ status: string }>(
      sql`select status from records where id = ${ids[0]}`,
    );
    expect(rows.rows[0]!.status).toBe('PENDING_GRADE_VALIDATION');
    // The second reading ({status, note}) takes it too, in any letter case.
    const second = await portal.api.post(`/api/v1/records/${ids[0]}/validate`, {
      token: a.token,
      body: { status: 'REJECTED', note: 'Died in 2023', reasonCode: 'deceased' },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 'REJECTED', statusReasonCode: 'DECEASED' });
  });

  it('the tenant admin adds codes (checked), and a code that needs a note needs one', async () => {
    const added = await portal.api.post('/api/v1/tenant-admin/reason-codes', {
      token: a.token,
      body: { code: 'on_secondment', label: 'On secondment elsewhere', needsNote: true },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      code: 'ON_SECONDMENT',
      label: 'On secondment elsewhere',
      needsNote: true,
      isDefault: false,
      active: true,
      createdByEmail: a.email,
      rejectedRecords: 0,
    } satisfies Partial<ReasonCode>);
    for (const [body, status] of [
      [{ code: 'ON_SECONDMENT', label: 'Again' }, 409],
      [{ code: 'DECEASED', label: 'Dead' }, 409],
      [{ code: '1BAD', label: 'Bad' }, 400],
      [{ code: 'X', label: 'Short' }, 400],
      [{ code: 'GOOD_CODE', label: '  ' }, 400],
      [{ code: 'GOOD_CODE', label: 'Fine', extra: true }, 400],
    ] as const) {
      const res = await portal.api.post('/api/v1/tenant-admin/reason-codes', { token: a.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect(
      (
        await portal.api.post('/api/v1/tenant-admin/reason-codes', {
          token: reviewer,
          body: { code: 'REVIEWER_CODE', label: 'Mine' },
        })
      ).statusCode,
    ).toBe(403);
    // Its integrity CONFIRM without a note is refused; with one it applies.
    await currentSummary(portal, a.token);
    const flag = (await allFlags(portal, a.token)).find((f) => f.recordId === ids[7])!;
    const bare = await decide(portal, a.token, flag.id, { decision: 'CONFIRM', reasonCode: 'ON_SECONDMENT' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().details).toMatchObject({ note: M.noteRequired('On secondment elsewhere') });
    const noted = await decide(portal, a.token, flag.id, {
      decision: 'CONFIRM',
      reasonCode: 'ON_SECONDMENT',
      note: 'Seconded to the federal ministry',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json()).toMatchObject({
      status: 'CONFIRMED',
      recordStatus: 'REJECTED',
      decision: { reasonCode: 'ON_SECONDMENT', reasonLabel: 'On secondment elsewhere' },
    });
  });

  it('retires any code but OTHER: no longer accepted, still listed with its records', async () => {
    expect((await reject(ids[2]!, 'RETIRED')).statusCode).toBe(200);
    const retired = await portal.api.delete('/api/v1/tenant-admin/reason-codes/retired', { token: a.token });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({
      code: 'RETIRED',
      active: false,
      retiredByEmail: a.email,
      rejectedRecords: 1,
    });
    const refused = await reject(ids[3]!, 'RETIRED');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toMatchObject({ reasonCode: M.retired('RETIRED') });
    const other = await portal.api.delete('/api/v1/tenant-admin/reason-codes/OTHER', { token: a.token });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(M.otherCannotRetire);
    expect(
      (await portal.api.delete('/api/v1/tenant-admin/reason-codes/RETIRED', { token: a.token })).statusCode,
    ).toBe(409);
    expect(
      (await portal.api.delete('/api/v1/tenant-admin/reason-codes/NO_SUCH', { token: a.token })).statusCode,
    ).toBe(404);
    expect(
      (await portal.api.delete('/api/v1/tenant-admin/reason-codes/DECEASED', { token: reviewer })).statusCode,
    ).toBe(403);
    // Retired codes come last, still labelled.
    const codes = await list();
    expect(codes.items.at(-1)).toMatchObject({ code: 'RETIRED', label: 'Retired', active: false });
  });

  it('adding a retired code brings it back (a default as it was)', async () => {
    const gone = await portal.api.delete('/api/v1/tenant-admin/reason-codes/ABSCONDED', { token: a.token });
    expect(gone.statusCode).toBe(200);
    const back = await portal.api.post('/api/v1/tenant-admin/reason-codes', {
      token: a.token,
      body: { code: 'ABSCONDED', label: 'Ignored for a default' },
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({
      code: 'ABSCONDED',
      label: 'Absconded',
      isDefault: true,
      active: true,
    });
    const own = await portal.api.post('/api/v1/tenant-admin/reason-codes', {
      token: a.token,
      body: { code: 'TRANSFERRED', label: 'Transferred', needsNote: false },
    });
    expect(own.statusCode).toBe(201);
    expect(
      (await portal.api.delete('/api/v1/tenant-admin/reason-codes/TRANSFERRED', { token: a.token }))
        .statusCode,
    ).toBe(200);
    const again = await portal.api.post('/api/v1/tenant-admin/reason-codes', {
      token: a.token,
      body: { code: 'TRANSFERRED', label: 'Transferred to another state', needsNote: true },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      label: 'Transferred to another state',
      needsNote: true,
      active: true,
    });
  });

  it('counts the records now REJECTED by code (a reviewer: those of their assignments)', async () => {
    expect((await reject(ids[3]!, 'NOT_ON_NOMINAL_ROLL')).statusCode).toBe(200);
    expect((await reject(ids[4]!, 'NOT_ON_NOMINAL_ROLL')).statusCode).toBe(200);
    expect((await reject(ids[6]!, 'ABSCONDED', 'Left in May', reviewer)).statusCode).toBe(200);
    const counts = Object.fromEntries((await list()).items.map((c) => [c.code, c.rejectedRecords]));
    expect(counts).toMatchObject({
      DECEASED: 1,
      RETIRED: 1,
      NOT_ON_NOMINAL_ROLL: 2,
      ABSCONDED: 1,
      ON_SECONDMENT: 1,
      OTHER: 0,
    });
    const reviewers = Object.fromEntries(
      (await list(reviewer)).items.map((c) => [c.code, c.rejectedRecords]),
    );
    expect(reviewers).toMatchObject({ ABSCONDED: 1, NOT_ON_NOMINAL_ROLL: 0, DECEASED: 0 });
  });

  it("another tenant has its own list: A's code is unknown there, and retiring it there is a 404", async () => {
    expect(await codeOf('ON_SECONDMENT', b.token)).toBeUndefined();
    expect((await codeOf('RETIRED', b.token))?.active).toBe(true);
    expect(
      (await portal.api.delete('/api/v1/tenant-admin/reason-codes/ON_SECONDMENT', { token: b.token }))
        .statusCode,
    ).toBe(404);
    expect(await codeOf('ON_SECONDMENT')).toMatchObject({ active: true });
    const [other] = await seedRecords(portal, b.tenant.id, [
      { fullName: 'B Person', nin: '81000000099', psn: 'PSN8199', status: 'PENDING_GRADE_VALIDATION' },
    ]);
    const res = await reject(other!, 'ON_SECONDMENT', 'x', b.token);
    expect(res.statusCode).toBe(400);
    expect((await list(b.token)).items.every((c) => c.rejectedRecords === 0)).toBe(true);
  });
});

// Issue #31 item 6: a client written against SPEC.md rejects with {decision: 'REJECT', comments}.
describe("SPEC's rejection call", () => {
  it('without a reason code is recorded as OTHER with the comments as its note', async () => {
    const [own, bareId] = await seedRecords(portal, a.tenant.id, [
      { fullName: 'Spec Person', nin: '81000000071', psn: 'PSN8171', status: 'PENDING_GRADE_VALIDATION' },
      { fullName: 'Spec Person Two', nin: '81000000072', psn: 'PSN8172', status: 'PENDING_GRADE_VALIDATION' },
    ]);
    const res = await reject(own!, undefined, 'Not on the nominal roll since 2021');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'REJECTED', statusReasonCode: 'OTHER' });
    const audit = await portal.db.orm.execute<{ after: { reasonCode?: string }; note: string | null }>(
      sql`select after, note from audit_events where record_id = ${own} and after->>'status' = 'REJECTED' order by id desc limit 1`,
    );
    expect(audit.rows[0]).toMatchObject({
      after: { reasonCode: 'OTHER' },
      note: 'Not on the nominal roll since 2021',
    });
    // Without comments it stays refused: a rejection says why.
    expect((await reject(bareId!, undefined, '')).statusCode).toBe(400);
  });
});
