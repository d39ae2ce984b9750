import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnServer, waitHealthy, type ServerProcess } from '../helpers/server-process.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

const started: ServerProcess[] = [];
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});

const dataDir = tempDir('portal-lock-');
const env = { DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') };

it('a second process on the same data directory exits with a clear message; the first keeps working', async () => {
  const first = await spawnServer(env);
  started.push(first);
  await waitHealthy(first.port);

  const second = await spawnServer(env);
  started.push(second);
  expect(await second.exited).toBe(1);
  expect(second.output()).toMatch(/already in use by another portal process \(PID \d+\)/);

  const ready = await fetch(`http://127.0.0.1:${first.port}/readyz`);
  expect(ready.status).toBe(200);
  const login = await fetch(`http://127.0.0.1:${first.port}/api/v1/auth/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@portal.local', password: 'ChangeMe123!' }),
  });
  expect(login.status).toBe(200);

  // SIGTERM: a clean exit that releases the directory, and a restart keeps the data.
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);

  const third = await spawnServer(env);
  started.push(third);
  await waitHealthy(third.port);
  const again = await fetch(`http://127.0.0.1:${third.port}/api/v1/auth/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'tenant.admin@demo.local', password: 'Demo12345!' }),
  });
  expect(again.status).toBe(200);
  third.child.kill('SIGTERM');
  expect(await third.exited).toBe(0);
});

it('production mode refuses to start without PORTAL_SECRET', async () => {
  const dir = tempDir('portal-prod-');
  const proc = await spawnServer({ DATA_DIR: dir, NODE_ENV: 'production', PORTAL_SECRET: '' });
  started.push(proc);
  expect(await proc.exited).toBe(1);
  expect(proc.output()).toMatch(/PORTAL_SECRET is required/);
});

it('production mode refuses to start without PORTAL_ADMIN_PASSWORD while no admin exists', async () => {
  const dir = tempDir('portal-prod-');
  const proc = await spawnServer({
    DATA_DIR: dir,
    NODE_ENV: 'production',
    PORTAL_SECRET: 'x'.repeat(40),
    PORTAL_ADMIN_PASSWORD: '',
  });
  started.push(proc);
  expect(await proc.exited).toBe(1);
  expect(proc.output()).toMatch(/PORTAL_ADMIN_PASSWORD is required/);
});
