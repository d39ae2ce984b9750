import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { THROTTLE } from '../../src/modules/auth/auth.service.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

it(`refuses every sign-in from an IP after ${THROTTLE.ipFailures} failures within the hour`, async () => {
  const authenticate = (email: string, password: string) =>
    portal.api.post('/api/v1/auth/authenticate', { body: { email, password }, csrf: false });
  // Spread over many accounts so that no single account reaches its own lock.
  for (let i = 0; i < THROTTLE.ipFailures; i++) {
    expect((await authenticate(`unknown-${i % 50}@example.test`, 'wrong-password')).statusCode).toBe(401);
  }
  const res = await authenticate(DEMO_ADMIN.email, DEMO_ADMIN.password);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: 'Invalid credentials', code: 'UNAUTHORIZED' });
});
