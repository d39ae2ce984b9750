import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONSENT_VERSION } from '@portal/contract/claims';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';

/**
 * Issue #31 item 4: the sign-in rate per address was counted in each process's memory, so with
 * API_PROCESSES=2 the first 429 came after 60 sign-ins a minute instead of the README's 30. Two
 * portals on one PostgreSQL database stand for two API processes (PostgreSQL only, see
 * vitest.config.ts: PGlite has one process): the count is one, whichever process answers.
 */
let one: TestPortal;
let two: TestPortal;
beforeAll(async () => {
  const env = { LOGIN_RATE_PER_IP: '4', CLAIM_RATE_PER_IP: '4' };
  one = await createTestPortal({ env });
  expect(one.databaseUrl, 'runs on PostgreSQL only (TEST_DATABASE_URL)').toBeTruthy();
  two = await createTestPortal({ reuse: one, env });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

it('sign-ins from one address are counted once across processes: the 5th of a limit of 4 is a 429', async () => {
  const codes: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await (i % 2 ? two : one).app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate',
      payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
      remoteAddress: '192.0.2.60',
    });
    codes.push(res.statusCode);
    if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }
  expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
});

it('claim calls from one address are counted once across processes too', async () => {
  const codes: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await (i % 2 ? two : one).app.inject({
      method: 'POST',
      url: '/api/v1/verification/initiate',
      payload: { ssid: 'SS1', nin: '12345678901', consentVersion: CONSENT_VERSION },
      remoteAddress: '192.0.2.61',
      headers: { 'x-tenant': 'demo' },
    });
    codes.push(res.statusCode);
  }
  expect(codes).toEqual([400, 400, 400, 400, 429, 429]);
});
