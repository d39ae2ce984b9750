import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { UsersRepo } from '../../src/modules/users/users.repo.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

const authenticate = (email: string, password: string) =>
  portal.api.post('/api/v1/auth/authenticate', { body: { email, password }, csrf: false });

describe('POST /api/v1/auth/authenticate', () => {
  it('signs in with the right password and returns a token with the documented claims', async () => {
    const res = await authenticate(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt((res.json() as { token: string }).token);
    expect(claims).toMatchObject({ role: 'GLOBAL_SUPER_ADMIN', status: 'ACTIVE', tenantId: null });
    expect(typeof claims.sub).toBe('string');
    const hours = ((claims.exp ?? 0) - Date.now() / 1000) / 3600;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
  });

  it('takes the token with the scheme name in any letter case', async () => {
    const token = ((await authenticate(DEMO_ADMIN.email, DEMO_ADMIN.password)).json() as { token: string })
      .token;
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await portal.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(res.statusCode, scheme).toBe(200);
    }
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const res = await authenticate('  Tenant.Admin@DEMO.local ', 'Demo12345!');
    expect(res.statusCode).toBe(200);
    expect(decodeJwt((res.json() as { token: string }).token)).toMatchObject({ role: 'TENANT_ADMIN' });
  });

  it('answers a wrong password and an unknown email with the same generic 401', async () => {
    const wrong = await authenticate(DEMO_ADMIN.email, 'not-the-password');
    const unknown = await authenticate('nobody@nowhere.test', 'whatever-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid credentials', code: 'UNAUTHORIZED' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects a malformed body with 400 and field details', async () => {
    const res = await authenticate('not-an-email', '123');
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; details: Record<string, string> };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.email).toBe('Please enter a valid email address');
    expect(body.details.password).toBe('Password must be at least 6 characters');
  });

  // Issue #18.2: ten failures used to lock the account for everybody, so anyone who knew an email
  // could keep its owner out. The block is now the attacker's address's, not the account's.
  it("blocks an address hammering an account, even with the right password, but not the owner's right password from another address", async () => {
    const email = 'agent@demo.local';
    const from = (ip: string, password: string) =>
      portal.app.inject({
        method: 'POST',
        url: '/api/v1/auth/authenticate',
        payload: { email, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 12; i++) {
      const res = await from('203.0.113.66', `wrong-password-${i}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials', code: 'UNAUTHORIZED' });
    }
    const attacker = await from('203.0.113.66', 'Demo12345!');
    expect(attacker.statusCode).toBe(401);
    expect(attacker.json()).toEqual({ message: 'Invalid credentials', code: 'UNAUTHORIZED' });
    expect((await from('198.51.100.7', 'Demo12345!')).statusCode).toBe(200);
    expect((await authenticate('reviewer@demo.local', 'Demo12345!')).statusCode).toBe(200);
  });

  it('refuses a disabled user with the same generic 401', async () => {
    const users = new UsersRepo(portal.db.orm);
    const user = await users.findByEmail('employee@demo.local');
    await users.setStatus(user!.id, 'DISABLED');
    try {
      expect((await authenticate('employee@demo.local', 'Demo12345!')).statusCode).toBe(401);
    } finally {
      await users.setStatus(user!.id, 'ACTIVE');
    }
  });
});

describe('tokens', () => {
  it('GET /api/v1/users/me returns the signed-in user with the tenant name', async () => {
    const token = await portal.login('tenant.admin@demo.local');
    const res = await portal.api.get('/api/v1/users/me', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'tenant.admin@demo.local',
      role: 'TENANT_ADMIN',
      status: 'ACTIVE',
      tenantName: 'Demo State',
    });
    expect(res.json()).not.toHaveProperty('passwordHash');
  });

  it('answers 401 without a token, with garbage, with a tampered token and with an expired one', async () => {
    const token = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(token), role: 'TENANT_ADMIN' })).toString(
      'base64url',
    );
    const expired = await new SignJWT({ role: 'GLOBAL_SUPER_ADMIN', status: 'ACTIVE', tenantId: null, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(decodeJwt(token).sub!)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(portal.keys.jwt);
    const cases = [
      undefined,
      'garbage',
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.AAAA${signature!.slice(4)}`,
      expired,
    ];
    for (const t of cases) {
      const res = await portal.api.get('/api/v1/users/me', { token: t });
      expect(res.statusCode, `token ${String(t).slice(0, 20)}`).toBe(401);
    }
    expect((await portal.api.get('/api/v1/users/me', { token })).statusCode).toBe(200);
  });

  it('logout revokes every token issued before it; a new sign-in works', async () => {
    const first = await portal.login('reviewer@demo.local');
    const second = await portal.login('reviewer@demo.local');
    expect((await portal.api.post('/api/v1/auth/logout', { token: first })).statusCode).toBe(204);
    expect((await portal.api.get('/api/v1/users/me', { token: first })).statusCode).toBe(401);
    expect((await portal.api.get('/api/v1/users/me', { token: second })).statusCode).toBe(401);
    const fresh = await portal.login('reviewer@demo.local');
    expect((await portal.api.get('/api/v1/users/me', { token: fresh })).statusCode).toBe(200);
  });

  it('a deleted user’s token stops working', async () => {
    const token = await portal.login('tenant.admin@demo.local');
    const users = new UsersRepo(portal.db.orm);
    const user = await users.findByEmail('tenant.admin@demo.local');
    await portal.db.orm.execute(sql`delete from users where id = ${user!.id}`);
    expect((await portal.api.get('/api/v1/users/me', { token })).statusCode).toBe(401);
  });
});

describe('CSRF double-submit', () => {
  it('rejects an unsafe call without the header, or with one that differs from the cookie', async () => {
    const token = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const missing = await portal.api.post('/api/v1/auth/logout', { token, csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'CSRF_TOKEN_INVALID' });
    const wrong = await portal.api.post('/api/v1/auth/logout', { token, csrf: 'wrong' });
    expect(wrong.statusCode).toBe(403);
    expect((await portal.api.get('/api/v1/users/me', { token })).statusCode).toBe(200);
    expect((await portal.api.post('/api/v1/auth/logout', { token })).statusCode).toBe(204);
  });

  it('hands out the XSRF-TOKEN cookie readable by scripts', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/healthz' });
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });
});
