import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';

/**
 * Sign-in throttling (issue #18.2, DECISIONS 7): failures block an (account, address) pair, slow
 * the account down for the addresses that failed on it, and never refuse the right password from
 * an address that has not failed; a request rate per address keeps anyone from spending the
 * server's CPU on password hashes. Small thresholds and waits through the LOGIN_* variables.
 */
const portals: TestPortal[] = [];
async function portalWith(env: Record<string, string>) {
  const portal = await createTestPortal({ env });
  portals.push(portal);
  return portal;
}
afterAll(async () => {
  await Promise.all(portals.map((p) => p.close()));
});

const signIn = (portal: TestPortal) => (ip: string, email: string, password: string) =>
  portal.app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate',
    payload: { email, password },
    remoteAddress: ip,
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const OWNER = { email: 'tenant.admin@demo.local', password: 'Demo12345!' };
const INVALID = { message: 'Invalid credentials', code: 'UNAUTHORIZED' };

describe('failures from one address', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await portalWith({});
  });

  // Used to be the opposite: 100 failures from one address refused every account from it, and
  // behind a proxy (TRUST_PROXY off) every client has the proxy's address.
  it('on many accounts refuse none of the others from that address', async () => {
    const attempt = signIn(portal);
    for (let i = 0; i < 110; i++) {
      expect(
        (await attempt('192.0.2.10', `unknown-${i % 50}@example.test`, 'wrong-password')).statusCode,
      ).toBe(401);
    }
    expect((await attempt('192.0.2.10', DEMO_ADMIN.email, DEMO_ADMIN.password)).statusCode).toBe(200);
  });
});

describe('the (account, address) block', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await portalWith({
      LOGIN_PAIR_MAX_FAILURES: '3',
      LOGIN_PAIR_WINDOW_MS: '2500',
      // No account-wide wait here: the pair's block alone.
      LOGIN_WAIT_AFTER_FAILURES: '1000',
    });
  });

  it('refuses the right password from an address only while that pair is blocked', async () => {
    const attempt = signIn(portal);
    for (let i = 0; i < 2; i++)
      expect((await attempt('192.0.2.20', OWNER.email, `wrong-${i}`)).statusCode).toBe(401);
    // Two failures: not blocked, the right password signs in (and starts the pair's count again).
    expect((await attempt('192.0.2.20', OWNER.email, OWNER.password)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await attempt('192.0.2.20', OWNER.email, `wrong-${i}`)).statusCode).toBe(401);
    const blockedAt = Date.now();
    const blocked = await attempt('192.0.2.20', OWNER.email, OWNER.password);
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json()).toEqual(INVALID);
    // The owner elsewhere is not held back, and signing in there does not unblock the pair.
    expect((await attempt('192.0.2.21', OWNER.email, OWNER.password)).statusCode).toBe(200);
    expect((await attempt('192.0.2.20', OWNER.email, OWNER.password)).statusCode).toBe(401);
    // Other accounts from the blocked address are not held back either.
    expect((await attempt('192.0.2.20', 'reviewer@demo.local', OWNER.password)).statusCode).toBe(200);
    await sleep(Math.max(0, blockedAt + 2700 - Date.now()));
    expect((await attempt('192.0.2.20', OWNER.email, OWNER.password)).statusCode).toBe(200);
  });
  it('counts attempts sent at once against each other: no more failures than the block allows', async () => {
    const attempt = signIn(portal);
    const email = 'agent@demo.local';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt('192.0.2.25', email, `wrong-at-once-${i}`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(401));
    // Each password checked and wrong is a row; an attempt the block refused checked none.
    const failures = await portal.db.orm.execute<{ n: number }>(
      sql`select count(*)::int as n from login_attempts where email = ${email} and ip = '192.0.2.25'`,
    );
    expect(failures.rows[0]!.n).toBeLessThanOrEqual(3);
  });
});

describe('the account across addresses', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await portalWith({
      LOGIN_WAIT_AFTER_FAILURES: '2',
      LOGIN_WAIT_STEP_MS: '1500',
      LOGIN_WAIT_MAX_MS: '10000',
    });
  });

  it('makes the addresses that failed wait longer after each failure, whichever address failed', async () => {
    const attempt = signIn(portal);
    expect((await attempt('192.0.2.30', OWNER.email, 'wrong-1')).statusCode).toBe(401);
    expect((await attempt('192.0.2.31', OWNER.email, 'wrong-2')).statusCode).toBe(401);
    let lastFailure = Date.now();
    // Two failures on the account: 1.5 s before either address may try again.
    expect((await attempt('192.0.2.30', OWNER.email, OWNER.password)).json()).toEqual(INVALID);
    expect((await attempt('192.0.2.31', OWNER.email, OWNER.password)).json()).toEqual(INVALID);
    await sleep(Math.max(0, lastFailure + 1700 - Date.now()));
    expect((await attempt('192.0.2.30', OWNER.email, 'wrong-3')).statusCode).toBe(401);
    lastFailure = Date.now();
    // Three failures: 3 s now; after 1.7 s the other address still waits.
    await sleep(1700);
    expect((await attempt('192.0.2.31', OWNER.email, OWNER.password)).json()).toEqual(INVALID);
    await sleep(Math.max(0, lastFailure + 3200 - Date.now()));
    expect((await attempt('192.0.2.31', OWNER.email, OWNER.password)).statusCode).toBe(200);
  });

  it('never refuses the right password from an address that has not failed', async () => {
    const attempt = signIn(portal);
    const email = 'reviewer@demo.local';
    for (const ip of ['192.0.2.40', '192.0.2.41', '192.0.2.42'])
      expect((await attempt(ip, email, 'wrong-password')).statusCode).toBe(401);
    expect((await attempt('192.0.2.40', email, OWNER.password)).json()).toEqual(INVALID);
    expect((await attempt('192.0.2.43', email, OWNER.password)).statusCode).toBe(200);
  });
});

describe('the request rate per address', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await portalWith({ LOGIN_RATE_PER_IP: '3' });
  });

  it('answers 429 with Retry-After past it, before any password is checked; other addresses go on', async () => {
    const attempt = signIn(portal);
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await attempt('192.0.2.50', OWNER.email, `wrong-${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401]);
    const limited = await attempt('192.0.2.50', OWNER.email, OWNER.password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await attempt('192.0.2.51', OWNER.email, OWNER.password)).statusCode).toBe(200);
  });
});
