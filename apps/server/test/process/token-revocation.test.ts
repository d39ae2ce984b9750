import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import type { Me } from '@portal/contract/auth';
import type { Tenant } from '@portal/contract/tenants';
import {
  callProcess,
  loginProcess,
  spawnServer,
  waitHealthy,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { buildTenantInput, buildUserInput } from '../helpers/factories.ts';
import { freshPostgresDatabase } from '../helpers/test-portal.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

/**
 * Each API process remembers its signed-in users' rows (issue #23, access/token-holders.ts). Two
 * API processes on one PostgreSQL (PostgreSQL only, see vitest.config.ts): whatever revokes a token
 * through one process, or changes the row in the database by any path, is refused by the other on
 * its next request, although the other had the row in memory.
 */
const started: ServerProcess[] = [];
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});

it('a token revoked, a user disabled or a tenant deleted through one process is refused by the other on the next request', async () => {
  const databaseUrl = await freshPostgresDatabase();
  expect(databaseUrl, 'runs on PostgreSQL only (TEST_DATABASE_URL)').toBeTruthy();
  const env = (name: string) => ({
    DATABASE_URL: databaseUrl!,
    PORTAL_ADMIN_PASSWORD: 'ChangeMe123!',
    PORTAL_SECRET: 'a-test-secret-shared-by-every-process-of-the-portal',
    DATA_DIR: tempDir(`portal-revoke-${name}-`),
    WEB_DIST: '/nonexistent',
  });
  const one = await spawnServer(env('one'), ['--role=api']);
  started.push(one);
  await waitHealthy(one.port).catch((err: Error) => {
    throw new Error(`${err.message}: ${one.output()}`);
  });
  const two = await spawnServer(env('two'), ['--role=api']);
  started.push(two);
  await waitHealthy(two.port);
  const [a, b] = [one, two].map((p) => `http://127.0.0.1:${p.port}`) as [string, string];

  const admin = await loginProcess(a, 'admin@portal.local', 'ChangeMe123!');
  const input = buildTenantInput();
  const tenant = (await callProcess<Tenant>(a, 'POST', '/api/v1/global-admin/tenants', admin, input)).body;
  const user = buildUserInput(tenant.id);
  expect((await callProcess(a, 'POST', '/api/v1/auth/register', admin, user)).status).toBe(201);
  const me = (base: string, token: string) => callProcess<Me>(base, 'GET', '/api/v1/users/me', token);
  /** Signs in and has process two remember the user (two calls: the second is served from memory). */
  const signIn = async () => {
    const token = await loginProcess(a, user.email, user.password);
    expect((await me(b, token)).status).toBe(200);
    expect((await me(b, token)).status).toBe(200);
    return token;
  };

  // Signing out through one process revokes the token everywhere.
  const first = await signIn();
  expect((await callProcess(a, 'POST', '/api/v1/auth/logout', first)).status).toBe(204);
  expect((await me(b, first)).status).toBe(401);

  // A change made in the database by any path (here, SQL) is announced too.
  const second = await signIn();
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    await sql.query(`update users set status = 'DISABLED' where email = $1`, [user.email.toLowerCase()]);
    expect((await me(b, second)).status).toBe(401);
    await sql.query(`update users set status = 'ACTIVE' where email = $1`, [user.email.toLowerCase()]);
  } finally {
    await sql.end();
  }

  // A tenant's new name reaches the other process's answer; its deletion ends its users' tokens.
  const third = await signIn();
  expect((await me(b, third)).body.tenantName).toBe(input.name);
  const renamed = `${input.name} (renamed)`;
  expect(
    (
      await callProcess(a, 'PUT', `/api/v1/global-admin/tenants/${tenant.id}`, admin, {
        ...input,
        name: renamed,
      })
    ).status,
  ).toBe(200);
  expect((await me(b, third)).body.tenantName).toBe(renamed);
  expect((await callProcess(a, 'DELETE', `/api/v1/global-admin/tenants/${tenant.id}`, admin)).status).toBe(
    204,
  );
  expect((await me(b, third)).status).toBe(401);
}, 120_000);
