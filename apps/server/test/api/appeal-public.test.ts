import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPEAL_MESSAGES, type Appeal, type PublicAppealLodged } from '@portal/contract/appeals';
import { CLAIM_MESSAGES, CONSENT_VERSION } from '@portal/contract/claims';
import { seedRecords } from '../helpers/records.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';

let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
const ids: Record<string, string> = {};

/** Person k: their SSID, NIN and PSN. */
const person = (k: number) => ({ nin: String(72000000000 + k), ssid: `SS72${String(k).padStart(3, '0')}` });
const psnOf = (k: number) => `PSN72${String(k).padStart(4, '0')}`;
const grounds = {
  kind: 'WAS_PRESENT',
  grounds: 'I was at the Lokoja site on the day; my name was not called.',
};

const pub = (url: string, body: unknown, subdomain = a.tenant.subdomain) =>
  portal.api.post(url, { body, csrf: false, headers: { 'x-tenant': subdomain } });
const initiate = (k: number, subdomain?: string) =>
  pub('/api/v1/verification/initiate', { ...person(k), consentVersion: CONSENT_VERSION }, subdomain);
const challenge = (claimId: string, psn: string, subdomain?: string) =>
  pub('/api/v1/verification/challenge', { recordId: claimId, psn }, subdomain);
const appealPublic = (claimId: string, subdomain?: string) =>
  pub('/api/v1/appeals/public', { claimId, ...grounds }, subdomain);
const createAccount = (claimId: string) =>
  pub('/api/v1/auth/create-account', {
    email: `never.${claimId.slice(0, 8)}@example.gov.ng`,
    password: 'Employee-Pass1',
    recordId: claimId,
  });

/** Initiate and pass the PSN challenge: the claim id of a confirmed identity. */
async function confirmed(k: number, subdomain?: string): Promise<string> {
  const started = await initiate(k, subdomain);
  expect(started.statusCode, started.body).toBe(200);
  const claimId = (started.json() as { recordId: string }).recordId;
  expect((await challenge(claimId, psnOf(k), subdomain)).json()).toMatchObject({ success: true });
  return claimId;
}

async function appealsOf(recordId: string): Promise<{ id: string; channel: string }[]> {
  const r = await portal.db.orm.execute<{ id: string; channel: string }>(
    sql`select id, channel from appeals where record_id = ${recordId}`,
  );
  return r.rows;
}

beforeAll(async () => {
  portal = await createTestPortal({ env: { CLAIM_RATE_PER_IP: '1000' } });
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  // [key, person, status, status before the suspension]
  const seeds = [
    ['suspended', 1, 'SUSPENDED', 'PENDING_GRADE_VALIDATION'],
    ['wrongPsn', 2, 'SUSPENDED', 'UPLOADED'],
    ['suspendedGhost', 3, 'SUSPENDED', 'NOT_FOUND'],
    ['rejected', 4, 'REJECTED', null],
    ['inReview', 5, 'PENDING_GRADE_VALIDATION', null],
    ['isolation', 6, 'SUSPENDED', 'UPLOADED'],
  ] as const;
  const created = await seedRecords(
    portal,
    a.tenant.id,
    seeds.map(([key, k, status]) => ({ fullName: `Public ${key}`, ...person(k), psn: psnOf(k), status })),
  );
  for (const [i, [key, , , before]] of seeds.entries()) {
    ids[key] = created[i]!;
    await portal.db.orm.execute(
      sql`update records set status_before_suspension = ${before} where id = ${created[i]!}`,
    );
  }
  // Tenant B's suspended person 7.
  const [inB] = await seedRecords(portal, b.tenant.id, [
    { fullName: 'Public in B', ...person(7), psn: psnOf(7), status: 'SUSPENDED' },
  ]);
  ids.inB = inB!;
  await portal.db.orm.execute(
    sql`update records set status_before_suspension = 'UPLOADED' where id = ${inB!}`,
  );
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

describe('public appeal: the claim’s identity check, then the appeal', () => {
  it('SSID and NIN, then the PSN, lodge an appeal with the channel PUBLIC; the claim is spent', async () => {
    const claimId = await confirmed(1);
    const res = await appealPublic(claimId);
    expect(res.statusCode, res.body).toBe(201);
    const lodged = res.json() as PublicAppealLodged;
    expect(lodged.message).toBe(APPEAL_MESSAGES.lodgedPublic);
    expect(Object.keys(lodged).sort()).toEqual(['deadline', 'message', 'reference']);

    const appeal = (
      await portal.api.get(`/api/v1/appeals/${lodged.reference}`, { token: a.token })
    ).json() as Appeal;
    expect(appeal).toMatchObject({
      recordId: ids.suspended,
      channel: 'PUBLIC',
      appealedStatus: 'SUSPENDED',
      kind: 'WAS_PRESENT',
      grounds: grounds.grounds,
      status: 'OPEN',
      lodgedByEmail: null,
      deadline: lodged.deadline,
    });
    const audit = await portal.db.orm.execute<{ actor_email: string | null }>(sql`select actor_email
      from audit_events where action = 'APPEAL_LODGED' and entity_id = ${ids.suspended}`);
    expect(audit.rows).toEqual([{ actor_email: 'public appeal page' }]);
    // Lodging is not coming forward: the record stays suspended until the appeal is decided.
    const rec = await portal.db.orm.execute<{ status: string }>(
      sql`select status from records where id = ${ids.suspended}`,
    );
    expect(rec.rows[0]!.status).toBe('SUSPENDED');

    // The spent claim lodges nothing more, and makes no account: the claim's own answer.
    const again = await appealPublic(claimId);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: CLAIM_MESSAGES.claimExpired });
    expect(again.json()).toEqual((await createAccount(claimId)).json());
    expect(await appealsOf(ids.suspended!)).toHaveLength(1);
  });

  it('a second confirmed claim meets the one appeal being heard (409)', async () => {
    const res = await appealPublic(await confirmed(1));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: APPEAL_MESSAGES.alreadyOpen });
    expect(await appealsOf(ids.suspended!)).toHaveLength(1);
  });

  it('a wrong PSN is answered as by the claim, and the appeal waits for the right one', async () => {
    const started = await initiate(2);
    const claimId = (started.json() as { recordId: string }).recordId;
    const early = await appealPublic(claimId);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ message: CLAIM_MESSAGES.challengeRequired });
    expect(early.json()).toEqual((await createAccount(claimId)).json());
    const wrong = await challenge(claimId, 'PSN000000');
    expect(wrong.json()).toEqual({ success: false, message: CLAIM_MESSAGES.challengeFailed });
    const afterWrong = await appealPublic(claimId);
    expect(afterWrong.statusCode).toBe(400);
    expect(afterWrong.json()).toEqual(early.json());
    expect(await appealsOf(ids.wrongPsn!)).toHaveLength(0);
    expect((await challenge(claimId, psnOf(2))).json()).toMatchObject({ success: true });
    expect((await appealPublic(claimId)).statusCode).toBe(201);
    expect(await appealsOf(ids.wrongPsn!)).toEqual([expect.objectContaining({ channel: 'PUBLIC' })]);
  });

  it('an unknown person, a suspended ghost and a rejected record get the claim’s one answer', async () => {
    const answers = await Promise.all([
      pub('/api/v1/verification/initiate', {
        nin: '72999999999',
        ssid: 'SS0',
        consentVersion: CONSENT_VERSION,
      }),
      initiate(3),
      initiate(4),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ...(answers[0]!.json() as object) });
    }
    expect(answers[0]!.json()).toMatchObject({ message: CLAIM_MESSAGES.initiateFailed });
    // A made-up claim id: the answer create-account gives one.
    const madeUp = await appealPublic('x'.repeat(43));
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toEqual((await createAccount('x'.repeat(43))).json());
    expect(await appealsOf(ids.suspendedGhost!)).toHaveLength(0);
    expect(await appealsOf(ids.rejected!)).toHaveLength(0);
  });

  it('a person not suspended is told so after the check; the claim is not spent', async () => {
    const claimId = await confirmed(5);
    const res = await appealPublic(claimId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: APPEAL_MESSAGES.publicOnlySuspended });
    expect(await appealsOf(ids.inReview!)).toHaveLength(0);
    // Refused, the claim goes on: the person may still make their account with it.
    expect((await createAccount(claimId)).statusCode).toBe(200);
  });

  it('tenant isolation: another tenant’s page neither finds the person nor takes the claim', async () => {
    // Tenant B's person on A's page, and A's person on B's: the claim's one answer.
    const bOnA = await initiate(7);
    const aOnB = await initiate(6, b.tenant.subdomain);
    expect(bOnA.statusCode).toBe(400);
    expect(bOnA.json()).toMatchObject({ message: CLAIM_MESSAGES.initiateFailed });
    expect(aOnB.json()).toEqual(bOnA.json());
    // A confirmed claim of A sent to B's page: as an expired claim, and nothing lodged.
    const claimId = await confirmed(6);
    const elsewhere = await appealPublic(claimId, b.tenant.subdomain);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ message: CLAIM_MESSAGES.claimExpired });
    expect(await appealsOf(ids.isolation!)).toHaveLength(0);
    // B's admin does not see A's public appeals; A's page takes the claim.
    const lodged = await appealPublic(claimId);
    expect(lodged.statusCode, lodged.body).toBe(201);
    const { reference } = lodged.json() as PublicAppealLodged;
    expect((await portal.api.get(`/api/v1/appeals/${reference}`, { token: b.token })).statusCode).toBe(404);
    const listB = (await portal.api.get('/api/v1/appeals', { token: b.token })).json() as { total: number };
    expect(listB.total).toBe(0);
    // B's own person lodges on B's page.
    expect((await appealPublic(await confirmed(7, b.tenant.subdomain), b.tenant.subdomain)).statusCode).toBe(
      201,
    );
    expect(await appealsOf(ids.inB!)).toHaveLength(1);
  });

  it('is rate-limited per address with the claim, on the same count', async () => {
    const limited = await createTestPortal({ env: { CLAIM_RATE_PER_IP: '3' } });
    try {
      const send = (url: string, body: unknown) =>
        limited.api.post(url, { body, csrf: false, headers: { 'x-tenant': 'demo' } });
      const made = { claimId: 'y'.repeat(43), ...grounds };
      const answers = [
        await send('/api/v1/verification/initiate', { ...person(1), consentVersion: CONSENT_VERSION }),
        await send('/api/v1/appeals/public', made),
        await send('/api/v1/verification/initiate', { ...person(1), consentVersion: CONSENT_VERSION }),
        await send('/api/v1/appeals/public', made),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400, 429]);
      expect(answers[3]!.json()).toMatchObject({ message: CLAIM_MESSAGES.rateLimited });
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
