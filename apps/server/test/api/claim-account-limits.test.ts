import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import type * as Passwords from '../../src/platform/passwords.ts';

/**
 * Issue #31 item 2: creating a claimed account hashed the password (about 0.1 s of CPU) before the
 * claim was checked, and the two create-account routes had no rate limit, so anyone could spend
 * the server's CPU with made-up claim ids. Now the claim is checked first and the routes count
 * against the claim calls' limit per address (CLAIM_RATE_PER_IP): 429 with Retry-After above.
 */
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/platform/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count++;
      return original.hashPassword(password);
    },
  };
});

const ROUTES = ['/api/v1/auth/create-account', '/api/v1/auth/register-employee'];
const madeUp = (i: number) => ({
  email: `nobody-${i}@example.test`,
  password: 'Str0ng!Password',
  recordId: `made-up-claim-id-${i}-${'x'.repeat(20)}`,
});

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal({ env: { CLAIM_RATE_PER_IP: '3' } });
});
afterAll(async () => {
  await portal.close();
});

const post = (url: string, body: unknown, ip: string) =>
  portal.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: ip,
    headers: { 'x-tenant': 'demo' },
  });

describe('creating an account with a made-up claim id', () => {
  it('hashes no password: the claim is checked first', async () => {
    const before = hashes.count;
    for (const [i, url] of ROUTES.entries()) {
      const res = await post(url, madeUp(i), `192.0.2.${40 + i}`);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(hashes.count - before).toBe(0);
  });

  for (const url of ROUTES)
    it(`${url} is limited per address: 429 with Retry-After past CLAIM_RATE_PER_IP`, async () => {
      const ip = url.endsWith('create-account') ? '192.0.2.50' : '192.0.2.51';
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await post(url, madeUp(i), ip);
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
        }
      }
      expect(codes).toEqual([400, 400, 400, 429]);
      // Another address is not held back.
      expect((await post(url, madeUp(9), '192.0.2.52')).statusCode).toBe(400);
    });
});
