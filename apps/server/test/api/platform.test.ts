import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import { API_ROUTES } from '@portal/contract/routes/api-routes';
import type { ApiRoute } from '@portal/contract/routes/define-route';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { registerAccess } from '../../src/access/access.plugin.ts';
import { TokenService } from '../../src/access/tokens.ts';
import { TokenHolders } from '../../src/access/token-holders.ts';
import { AccessRepo } from '../../src/access/access.repo.ts';
import { UsersRepo } from '../../src/modules/users/users.repo.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

describe('route access table', () => {
  // A diff in this snapshot changes who can reach an endpoint: review it as such.
  it('matches the reviewed snapshot of method + path → roles', async () => {
    const table = portal
      .routeTable()
      .map((r) => `${r.method.padEnd(6)} ${r.url.padEnd(48)} ${r.access}`)
      .join('\n');
    await expect(`${table}\n`).toMatchFileSnapshot('__snapshots__/route-access.txt');
  });

  it('serves exactly the routes of the contract, each with its roles', () => {
    const access = (route: ApiRoute) => (route.public ? 'public' : [...route.roles].sort().join(','));
    const served = portal.routeTable().map((r) => `${r.method} ${r.url} ${r.access}`);
    const contract = API_ROUTES.map((r) => `${r.method} ${r.path} ${access(r)}`);
    expect([...served].sort()).toEqual([...contract].sort());
  });

  it('refuses to start with an API route that declares neither roles nor public', async () => {
    const app = Fastify();
    await app.register(cookie);
    registerAccess(app, {
      tokens: new TokenService(new Uint8Array(32), 60),
      holders: new TokenHolders(new AccessRepo(portal.db.orm)),
    });
    expect(() => app.get('/api/v1/undeclared', async () => ({}))).toThrow(
      /declares neither roles nor public/,
    );
    app.get('/api/v1/declared', { config: { public: true } }, async () => ({}));
    await app.ready();
    await app.close();
  });
});

describe('health', () => {
  it('GET /healthz says the process is up', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz checks the database, the job queue, the migrations and the event loop', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', jobs: 'ok', migrations: 'ok', eventLoop: 'ok' },
    });
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('OpenAPI', () => {
  it('serves the document at /api/docs/json generated from the route schemas', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/auth/authenticate']?.post).toBeDefined();
    expect(doc.paths['/api/v1/users/me']?.get).toBeDefined();
    const ui = await portal.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('audit trail', () => {
  it('is append-only: the database refuses updates and deletes', async () => {
    const token = await portal.login('agent@demo.local');
    await portal.api.post('/api/v1/auth/logout', { token });
    const rows = await portal.db.orm.execute<{ id: number }>(
      sql`select id from audit_events where action = 'USER_LOGOUT'`,
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    await expect(portal.db.orm.execute(sql`update audit_events set note = 'x'`)).rejects.toThrow();
    await expect(portal.db.orm.execute(sql`delete from audit_events`)).rejects.toThrow();
    const after = await portal.db.orm.execute(sql`select id from audit_events where action = 'USER_LOGOUT'`);
    expect(after.rows.length).toBe(rows.rows.length);
  });
});

describe('users table', () => {
  it('keeps emails unique case-insensitively and a tenant on every non-global user', async () => {
    const users = new UsersRepo(portal.db.orm);
    const base = { fullName: 'X', passwordHash: 'x', tenantId: null };
    await expect(
      users.insert({ ...base, email: 'ADMIN@portal.local', role: 'GLOBAL_SUPER_ADMIN' }),
    ).rejects.toThrow();
    await expect(
      users.insert({ ...base, email: 'orphan@portal.local', role: 'TENANT_ADMIN' }),
    ).rejects.toThrow();
  });
});
