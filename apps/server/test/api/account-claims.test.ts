import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { CLAIM_MESSAGES, CONSENT_VERSION } from '@portal/contract/claims';
import type { MasterRecord } from '@portal/contract/records';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { buildTenantInput } from '../helpers/factories.ts';
import { simCredentials, startSimProcess, type SimProcess } from '../helpers/simulator-process.ts';

let portal: TestPortal;
let sim: SimProcess;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
const ids: Record<string, string> = {};
let seq = 0;

const person = (k: number) => ({ nin: String(60000000000 + k), ssid: `SS${600 + k}` });
/** What starting a claim sends: the person and the consent statement's current version. */
const claimOf = (k: number) => ({ ...person(k), consentVersion: CONSENT_VERSION });

beforeAll(async () => {
  portal = await createTestPortal({ env: { CLAIM_RATE_PER_IP: '1000', PROVIDER_BACKOFF_MS: '10' } });
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  sim = await startSimProcess([
    { ...person(7), fullName: 'Awaiting Person', dateOfBirth: '1985-03-15' },
    // The provider knows person 10 under another name: re-verification finds a mismatch.
    { ...person(10), fullName: 'Someone Else Entirely', dateOfBirth: '1985-03-15' },
  ]);
  const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  await portal.api.put(`/api/v1/global-admin/tenants/${a.tenant.id}`, {
    token: admin,
    body: buildTenantInput({
      subdomain: a.tenant.subdomain,
      apiBaseUrl: sim.url,
      clientId: simCredentials.clientId,
      clientSecretEncrypted: simCredentials.clientSecret,
      aesKey: simCredentials.aesKey,
      iv: simCredentials.iv,
    }),
  });
  const seeds = [
    ['withPsn', { psn: 'PSN600001', status: 'PENDING_GRADE_VALIDATION' }],
    ['noPsn', { psn: null, status: 'VALIDATED' }],
    ['notFound', { psn: 'PSN600003', status: 'NOT_FOUND' }],
    ['rejected', { psn: 'PSN600004', status: 'REJECTED' }],
    ['forHold', { psn: 'PSN600005', status: 'UPLOADED' }],
    ['forAgent', { psn: 'PSN600006', status: 'UPLOADED' }],
    ['awaiting', { psn: 'PSN600007', status: 'AWAITING_REVALIDATION' }],
    ['expiry', { psn: 'PSN600008', status: 'UPLOADED' }],
    ['crossTenant', { psn: 'PSN600009', status: 'UPLOADED' }],
    ['awaitingMismatch', { psn: 'PSN600010', status: 'AWAITING_REVALIDATION' }],
    ['parallel', { psn: 'PSN600011', status: 'UPLOADED' }],
    ['passedThenHeld', { psn: 'PSN600012', status: 'UPLOADED' }],
    ['publicAndAgent', { psn: 'PSN600013', status: 'UPLOADED' }],
    ['concurrent', { psn: 'PSN600014', status: 'UPLOADED' }],
    ['consent', { psn: 'PSN600015', status: 'UPLOADED' }],
  ] as const;
  const created = await seedRecords(
    portal,
    a.tenant.id,
    seeds.map(([key, s], i) => ({
      fullName: key === 'awaiting' ? 'Awaiting Person' : `Claim ${key}`,
      ...person(i + 1),
      ...s,
      dateOfBirth: '1985-03-15',
    })),
  );
  seeds.forEach(([key], i) => (ids[key] = created[i]!));
});
afterAll(async () => {
  await sim?.stop();
  await portal?.close();
});

const pub = (url: string, body: unknown, subdomain = a.tenant.subdomain) =>
  portal.api.post(url, { body, csrf: false, headers: { 'x-tenant': subdomain } });
const initiate = (k: number, subdomain?: string) =>
  pub('/api/v1/verification/initiate', claimOf(k), subdomain);
const email = () => `claimant.${Date.now()}.${seq++}@example.gov.ng`;

describe('public claim', () => {
  let claimToken: string;
  it('a record with a PSN: initiate → challenge → create account; the id is an opaque claim token', async () => {
    const res = await initiate(1);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { recordId: string; nextStep: string };
    expect(body.nextStep).toBe('CHALLENGE_PSN');
    expect(body.recordId).not.toBe(ids.withPsn);
    expect(body.recordId.length).toBeGreaterThanOrEqual(40);
    claimToken = body.recordId;
    const early = await pub('/api/v1/auth/create-account', {
      email: email(),
      password: 'Employee-Pass1',
      recordId: claimToken,
    });
    expect(early.statusCode).toBe(400);
    const wrong = await pub('/api/v1/verification/challenge', { recordId: claimToken, psn: 'PSN999999' });
    expect(wrong.json()).toEqual({ success: false, message: 'The provided PSN is incorrect.' });
    const right = await pub('/api/v1/verification/challenge', { recordId: claimToken, psn: ' psn600001 ' });
    expect(right.json()).toMatchObject({ success: true });
    const address = email();
    const created = await pub('/api/v1/auth/create-account', {
      email: address,
      password: 'Employee-Pass1',
      recordId: claimToken,
    });
    expect(created.statusCode, created.body).toBe(200);
    const token = (created.json() as { token: string }).token;
    expect(decodeJwt(token)).toMatchObject({ role: 'SELF_SERVICE_USER', tenantId: a.tenant.id });
    const mine = (await portal.api.get('/api/v1/users/me/record', { token })).json() as MasterRecord;
    expect(mine).toMatchObject({ id: ids.withPsn, psn: 'PSN600001' });
    expect((await portal.login(address, 'Employee-Pass1')).length).toBeGreaterThan(20);
  });

  it('a reused claim id is rejected; a second claim of the same record fails', async () => {
    const reused = await pub('/api/v1/auth/create-account', {
      email: email(),
      password: 'Employee-Pass1',
      recordId: claimToken,
    });
    expect(reused.statusCode).toBe(400);
    expect((await initiate(1)).statusCode).toBe(400);
  });

  it('a record without a PSN goes straight to account creation (register-employee does the same)', async () => {
    const res = await initiate(2);
    expect(res.json()).toMatchObject({ nextStep: 'CREATE_ACCOUNT' });
    const created = await pub('/api/v1/auth/register-employee', {
      email: email(),
      password: 'Employee-Pass1',
      recordId: (res.json() as { recordId: string }).recordId,
    });
    expect(created.statusCode, created.body).toBe(200);
  });

  it('a claim started for one tenant goes on only where no other tenant is named', async () => {
    const started = await initiate(9);
    expect(started.statusCode, started.body).toBe(200);
    const recordId = (started.json() as { recordId: string }).recordId;
    const psn = { recordId, psn: 'PSN600009' };
    const elsewhere = await pub('/api/v1/verification/challenge', psn, b.tenant.subdomain);
    expect(elsewhere.statusCode).toBe(400);
    expect((await pub('/api/v1/verification/challenge', psn)).json()).toMatchObject({ success: true });
    const account = { email: email(), password: 'Employee-Pass1', recordId };
    expect((await pub('/api/v1/auth/create-account', account, b.tenant.subdomain)).statusCode).toBe(400);
    // A call that names no tenant goes by the claim's own.
    const created = await portal.api.post('/api/v1/auth/create-account', { body: account, csrf: false });
    expect(created.statusCode, created.body).toBe(200);
    expect(decodeJwt((created.json() as { token: string }).token)).toMatchObject({ tenantId: a.tenant.id });
  });

  it('an unknown pair, a claimed record, a NOT_FOUND and a REJECTED record answer identically', async () => {
    const answers = await Promise.all([
      pub('/api/v1/verification/initiate', {
        nin: '69999999999',
        ssid: 'SS0',
        consentVersion: CONSENT_VERSION,
      }),
      initiate(1),
      initiate(3),
      initiate(4),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    expect(answers[0]!.json()).toMatchObject({
      message: 'Verification failed. Please check your SSID and NIN.',
    });
  });

  it('five wrong PSNs end the claim and hold the record for 15 minutes', async () => {
    const token = ((await initiate(5)).json() as { recordId: string }).recordId;
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      messages.push(
        (
          (await pub('/api/v1/verification/challenge', { recordId: token, psn: `WRONG${i}` })).json() as {
            message: string;
          }
        ).message,
      );
    }
    expect(messages.at(-1)).toBe('Too many incorrect attempts. Please try again in 15 minutes.');
    expect(
      (await pub('/api/v1/verification/challenge', { recordId: token, psn: 'PSN600005' })).statusCode,
    ).toBe(400);
    expect((await initiate(5)).statusCode).toBe(400);
    const hold = await portal.db.orm.execute<{ minutes: number }>(sql`
      select round(extract(epoch from held_until - now()) / 60)::int as minutes from claim_holds where record_id = ${ids.forHold}`);
    expect(hold.rows[0]!.minutes).toBe(15);
  });

  it('the five wrong PSNs are the record’s, not the claim’s: parallel claims add no guesses and a held record finishes none', async () => {
    // Three claims of one record from one address (issue #18.1: each used to have five guesses of its own).
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await initiate(11);
      expect(res.statusCode, res.body).toBe(200);
      tokens.push((res.json() as { recordId: string }).recordId);
    }
    const [first, second, third] = tokens as [string, string, string];
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (
          (await pub('/api/v1/verification/challenge', { recordId: first, psn: `WRONG${i}` })).json() as {
            message: string;
          }
        ).message,
      );
    expect(answers.at(-1)).toBe('Too many incorrect attempts. Please try again in 15 minutes.');
    expect((await initiate(11)).statusCode).toBe(400);
    for (const claim of [second, third]) {
      const wrong = await pub('/api/v1/verification/challenge', { recordId: claim, psn: 'WRONG9' });
      expect(wrong.statusCode, wrong.body).toBe(400);
      const right = await pub('/api/v1/verification/challenge', { recordId: claim, psn: 'PSN600011' });
      expect(right.statusCode, right.body).toBe(400);
      const account = await pub('/api/v1/auth/create-account', {
        email: email(),
        password: 'Employee-Pass1',
        recordId: claim,
      });
      expect(account.statusCode, account.body).toBe(400);
    }
    const accounts = await portal.db.orm.execute(sql`select 1 from users where record_id = ${ids.parallel}`);
    expect(accounts.rows).toHaveLength(0);
  });

  it('a claim that passed the PSN cannot create the account once another claim got the record held', async () => {
    const [passed, guessing] = await Promise.all([initiate(12), initiate(12)]).then((rs) =>
      rs.map((r) => (r.json() as { recordId: string }).recordId),
    );
    expect(
      (await pub('/api/v1/verification/challenge', { recordId: passed!, psn: 'PSN600012' })).json(),
    ).toMatchObject({ success: true });
    for (let i = 0; i < 5; i++)
      await pub('/api/v1/verification/challenge', { recordId: guessing!, psn: `WRONG${i}` });
    const account = await pub('/api/v1/auth/create-account', {
      email: email(),
      password: 'Employee-Pass1',
      recordId: passed!,
    });
    expect(account.statusCode, account.body).toBe(400);
    const accounts = await portal.db.orm.execute(
      sql`select 1 from users where record_id = ${ids.passedThenHeld}`,
    );
    expect(accounts.rows).toHaveLength(0);
  });

  it('wrong PSNs through the public claim and an agent’s count together', async () => {
    const agentEmail = email();
    await portal.api.post('/api/v1/tenant-admin/users', {
      token: a.token,
      body: { fullName: 'Field Agent', email: agentEmail, password: 'Agent-Pass123', role: 'AGENT' },
    });
    const agent = await portal.login(agentEmail, 'Agent-Pass123');
    const open = ((await initiate(13)).json() as { recordId: string }).recordId;
    for (let i = 0; i < 3; i++)
      await pub('/api/v1/verification/challenge', { recordId: open, psn: `WRONG${i}` });
    const assisted = await portal.api.post('/api/v1/agent/verify', { token: agent, body: claimOf(13) });
    expect(assisted.statusCode, assisted.body).toBe(200);
    const claim = (assisted.json() as { recordId: string }).recordId;
    const guess = (psn: string) =>
      portal.api.post('/api/v1/agent/challenge', { token: agent, body: { recordId: claim, psn } });
    expect((await guess('WRONG3')).json()).toEqual({
      success: false,
      message: 'The provided PSN is incorrect.',
    });
    expect((await guess('WRONG4')).json()).toEqual({
      success: false,
      message: 'Too many incorrect attempts. Please try again in 15 minutes.',
    });
    expect((await guess('PSN600013')).statusCode).toBe(400);
  });

  it('wrong PSNs sent at once on many claims of a record are still five', async () => {
    const claims: string[] = [];
    for (let i = 0; i < 8; i++) claims.push(((await initiate(14)).json() as { recordId: string }).recordId);
    const answers = await Promise.all(
      claims.map((recordId, i) => pub('/api/v1/verification/challenge', { recordId, psn: `WRONG${i}` })),
    );
    const said = answers.map((r) =>
      r.statusCode === 200 ? (r.json() as { message: string }).message : r.statusCode,
    );
    expect(said.filter((m) => m === 'The provided PSN is incorrect.')).toHaveLength(4);
    expect(
      said.filter((m) => m === 'Too many incorrect attempts. Please try again in 15 minutes.'),
    ).toHaveLength(1);
    expect(said.filter((m) => m === 400)).toHaveLength(3);
  });

  it('an expired claim is rejected', async () => {
    const token = ((await initiate(8)).json() as { recordId: string }).recordId;
    await portal.db.orm.execute(
      sql`update claims set expires_at = now() - interval '1 second' where record_id = ${ids.expiry}`,
    );
    expect(
      (await pub('/api/v1/verification/challenge', { recordId: token, psn: 'PSN600008' })).statusCode,
    ).toBe(400);
  });

  it('an unknown portal address is refused', async () => {
    expect((await initiate(1, 'no-such-tenant')).statusCode).toBe(404);
  });
});

describe('agents', () => {
  const agentOf = async (t: typeof a) => {
    const address = email();
    await portal.api.post('/api/v1/tenant-admin/users', {
      token: t.token,
      body: { fullName: 'Field Agent', email: address, password: 'Agent-Pass123', role: 'AGENT' },
    });
    return { token: await portal.login(address, 'Agent-Pass123'), email: address };
  };

  it('creates an account for an employee and keeps their own session; the audit names the agent', async () => {
    const agent = await agentOf(a);
    const start = await portal.api.post('/api/v1/agent/verify', { token: agent.token, body: claimOf(6) });
    expect(start.statusCode, start.body).toBe(200);
    const claim = (start.json() as { recordId: string }).recordId;
    expect(
      (
        await portal.api.post('/api/v1/agent/challenge', {
          token: agent.token,
          body: { recordId: claim, psn: 'PSN600006' },
        })
      ).json(),
    ).toMatchObject({ success: true });
    const created = await portal.api.post('/api/v1/auth/create-account', {
      token: agent.token,
      body: { email: email(), password: 'Employee-Pass1', recordId: claim },
    });
    expect(created.statusCode).toBe(200);
    expect((await portal.api.get('/api/v1/users/me', { token: agent.token })).json()).toMatchObject({
      role: 'AGENT',
    });
    const audit = await portal.db.orm.execute<{ actor_email: string; note: string }>(
      sql`select actor_email, note from audit_events where action = 'ACCOUNT_CLAIMED' and entity_id = ${ids.forAgent}`,
    );
    expect(audit.rows[0]).toMatchObject({ actor_email: agent.email });
    expect(audit.rows[0]!.note).toContain(agent.email);
  });

  it('an agent naming an employee who already has an account is told so; the public answer stays generic', async () => {
    const agent = await agentOf(a);
    // person(6)'s account was created by the previous test.
    const again = await portal.api.post('/api/v1/agent/verify', { token: agent.token, body: claimOf(6) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This employee already has an account. They can sign in on the login page with the email address of that account; if they can no longer reach it, the tenant administrator can help them recover access.',
    );
    const open = await initiate(6);
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe('Verification failed. Please check your SSID and NIN.');
    // An agent of another tenant learns nothing of this tenant's accounts either.
    const other = await agentOf(b);
    const foreign = await portal.api.post('/api/v1/agent/verify', { token: other.token, body: claimOf(6) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Verification failed. Please check your SSID and NIN.');
  });

  it('an agent of another tenant can neither claim nor re-verify here', async () => {
    const other = await agentOf(b);
    expect(
      (await portal.api.post('/api/v1/agent/verify', { token: other.token, body: claimOf(8) })).statusCode,
    ).toBe(400);
    const claim = ((await initiate(8)).json() as { recordId: string }).recordId;
    expect(
      (
        await portal.api.post('/api/v1/agent/challenge', {
          token: other.token,
          body: { recordId: claim, psn: 'PSN600008' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await portal.api.post(`/api/v1/agent/records/${ids.awaiting}/verify`, {
          token: other.token,
          body: person(7),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('re-verification', () => {
  it('the employee re-verifies their own AWAITING_REVALIDATION record against the provider, live', async () => {
    const claim = ((await initiate(7)).json() as { recordId: string }).recordId;
    await pub('/api/v1/verification/challenge', { recordId: claim, psn: 'PSN600007' });
    const token = (
      (
        await pub('/api/v1/auth/create-account', {
          email: email(),
          password: 'Employee-Pass1',
          recordId: claim,
        })
      ).json() as { token: string }
    ).token;
    expect(((await portal.api.get('/api/v1/users/me/record', { token })).json() as MasterRecord).status).toBe(
      'AWAITING_REVALIDATION',
    );
    expect(
      (await portal.api.post(`/api/v1/agent/records/${ids.withPsn}/verify`, { token, body: person(1) }))
        .statusCode,
    ).toBe(404);
    const wrong = await portal.api.post(`/api/v1/agent/records/${ids.awaiting}/verify`, {
      token,
      body: { ...person(7), ssid: 'SS000' },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await portal.api.post(`/api/v1/agent/records/${ids.awaiting}/verify`, {
      token,
      body: person(7),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      newStatus: 'PENDING_GRADE_VALIDATION',
      message: 'Re-verification successful! Your record is now pending final review.',
    });
    expect(
      (await portal.api.post(`/api/v1/agent/records/${ids.awaiting}/verify`, { token, body: person(7) }))
        .statusCode,
    ).toBe(409);
    const audit = await portal.db.orm.execute(
      sql`select 1 from audit_events where action = 'RECORD_REVERIFIED' and entity_id = ${ids.awaiting}`,
    );
    expect(audit.rows).toHaveLength(1);
  });
});

describe('re-verification that finds a difference', () => {
  it('ends MISMATCHED and says that a reviewer will look at it, not that it succeeded', async () => {
    const agent = `reverify.agent.${Date.now()}@example.gov.ng`;
    await portal.api.post('/api/v1/tenant-admin/users', {
      token: a.token,
      body: { fullName: 'Field Agent', email: agent, password: 'Agent-Pass123', role: 'AGENT' },
    });
    const token = await portal.login(agent, 'Agent-Pass123');
    const res = await portal.api.post(`/api/v1/agent/records/${ids.awaitingMismatch}/verify`, {
      token,
      body: person(10),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      newStatus: 'MISMATCHED',
      message:
        'Re-verification done: your details differ from your identity record at the national identity provider. A reviewer will look at your record; you will see its status change here.',
    });
  });
});

describe('consent before the identity check (issue #22, NDPA 2023)', () => {
  const claimsOf = async (recordId: string) =>
    (
      await portal.db.orm.execute<{
        consent_version: string | null;
        consent_at: string | null;
        consent_address: string | null;
        assisted_by: string | null;
      }>(
        sql`select consent_version, consent_at, consent_address, assisted_by from claims where record_id = ${recordId}`,
      )
    ).rows;
  const consentEvents = async (recordId: string) =>
    (
      await portal.db.orm.execute<{ actor_email: string | null; address: string | null; after: unknown }>(
        sql`select actor_email, address, after from audit_events
            where action = 'CLAIM_CONSENT_ACCEPTED' and record_id = ${recordId} order by id`,
      )
    ).rows;

  it('refuses to check an identity without the current consent, publicly or through an agent; nothing is stored', async () => {
    const agent = await portal.login('agent@demo.local');
    const { consentVersion: _, ...withoutConsent } = claimOf(15);
    for (const [body, message] of [
      [withoutConsent, CLAIM_MESSAGES.consentRequired],
      [{ ...person(15), consentVersion: '' }, CLAIM_MESSAGES.consentRequired],
      [{ ...person(15), consentVersion: 'NDPA-2023-v0' }, CLAIM_MESSAGES.consentOutdated],
    ] as const) {
      const res = await pub('/api/v1/verification/initiate', body);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { message: string }).message).toBe(message);
      const assisted = await portal.api.post('/api/v1/agent/verify', { token: agent, body });
      expect(assisted.statusCode, assisted.body).toBe(400);
      expect((assisted.json() as { message: string }).message).toBe(message);
    }
    expect(await claimsOf(ids.consent!)).toEqual([]);
    expect(await consentEvents(ids.consent!)).toEqual([]);
  });

  // Issue #31 item 6: a client written against SPEC.md ({ssid, nin}) learns what to send.
  it('the consent statement and its version are public; the refusal says how to send it', async () => {
    const res = await portal.api.get('/api/v1/claims/consent', { csrf: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const statement = res.json() as { version: string; paragraphs: string[]; accept: { public: string } };
    expect(statement).toMatchObject({ version: CONSENT_VERSION, accept: { public: expect.any(String) } });
    expect(statement.paragraphs.length).toBeGreaterThan(0);
    // The same for every tenant's page, signed in or not: it holds nothing of a tenant's.
    for (const headers of [{ 'x-tenant': a.tenant.subdomain }, { 'x-tenant': b.tenant.subdomain }]) {
      const named = await portal.api.get('/api/v1/claims/consent', { csrf: false, headers });
      expect(named.json()).toEqual(statement);
    }
    const signedIn = await portal.api.get('/api/v1/claims/consent', { token: a.token });
    expect(signedIn.json()).toEqual(statement);
    // SPEC's call without the version: refused (the law requires consent), saying where to read it.
    const bare = await pub('/api/v1/verification/initiate', person(15));
    expect(bare.statusCode).toBe(400);
    expect((bare.json() as { message: string }).message).toMatch(
      /consentVersion.*GET \/api\/v1\/claims\/consent/,
    );
    expect(await claimsOf(ids.consent!)).toEqual([]);
  });

  it('stores the accepted version, time and address with the claim and audits it against the record', async () => {
    const before = Date.now();
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/v1/verification/initiate',
      payload: claimOf(15),
      headers: { 'x-tenant': a.tenant.subdomain },
      remoteAddress: '198.51.100.7',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [claim] = await claimsOf(ids.consent!);
    expect(claim).toMatchObject({
      consent_version: CONSENT_VERSION,
      consent_address: '198.51.100.7',
      assisted_by: null,
    });
    expect(new Date(claim!.consent_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await consentEvents(ids.consent!)).toEqual([
      {
        actor_email: null,
        address: '198.51.100.7',
        after: expect.objectContaining({
          consentVersion: CONSENT_VERSION,
          address: '198.51.100.7',
          agentEmail: null,
        }),
      },
    ]);
  });

  it("an agent's claim records the agent beside the consent", async () => {
    const agent = await portal.login('agent@demo.local');
    const agentTenant = await portal.db.orm.execute<{ tenant_id: string; id: string }>(
      sql`select tenant_id, id from users where email = 'agent@demo.local'`,
    );
    const { tenant_id: tenantId, id: agentId } = agentTenant.rows[0]!;
    const [recordId] = await seedRecords(portal, tenantId, [
      {
        fullName: 'Consent Agent Case',
        ...person(16),
        psn: 'PSN600016',
        status: 'UPLOADED',
        dateOfBirth: '1985-03-15',
      },
    ]);
    const res = await portal.api.post('/api/v1/agent/verify', { token: agent, body: claimOf(16) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await claimsOf(recordId!)).toEqual([
      expect.objectContaining({ consent_version: CONSENT_VERSION, assisted_by: agentId }),
    ]);
    expect(await consentEvents(recordId!)).toEqual([
      expect.objectContaining({
        actor_email: 'agent@demo.local',
        after: expect.objectContaining({ consentVersion: CONSENT_VERSION, agentEmail: 'agent@demo.local' }),
      }),
    ]);
  });
});

describe('limits and access', () => {
  it('rate-limits initiate per IP with 429 and Retry-After', async () => {
    const limited = await createTestPortal({ env: { CLAIM_RATE_PER_IP: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.api.post('/api/v1/verification/initiate', {
          body: claimOf(1),
          csrf: false,
          headers: { 'x-tenant': 'demo' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(codes).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });

  it('agent routes are 403 for other roles; /users/me/record only for SELF_SERVICE_USER', async () => {
    const tokens = {
      GLOBAL_SUPER_ADMIN: await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password),
      TENANT_ADMIN: a.token,
      REVIEWER: await portal.login('reviewer@demo.local'),
    };
    for (const [role, token] of Object.entries(tokens)) {
      for (const [method, url, body] of [
        ['POST', '/api/v1/agent/verify', claimOf(1)],
        ['POST', '/api/v1/agent/challenge', { recordId: 'x', psn: 'y' }],
        ['POST', `/api/v1/agent/records/${ids.awaiting}/verify`, person(7)],
        ['GET', '/api/v1/users/me/record', undefined],
      ] as const) {
        expect((await portal.api.call(method, url, { token, body })).statusCode, `${url} as ${role}`).toBe(
          403,
        );
      }
    }
    const agent = await portal.login('agent@demo.local');
    expect((await portal.api.get('/api/v1/users/me/record', { token: agent })).statusCode).toBe(403);
  });
});
