import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { PublicIdentitySourceConfig, Tenant } from '@portal/contract/tenants';
import {
  callProcess,
  loginProcess,
  spawnServer,
  waitHealthy,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

const started: ServerProcess[] = [];
const simulatorPids: number[] = [];
const blockers: net.Server[] = [];
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  for (const pid of simulatorPids) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  for (const b of blockers) b.close();
});

/** Alive and not a zombie (an orphan's reaper may be slow to collect it). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('waitUntil: timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function occupiedPort(): Promise<number> {
  const server = net.createServer();
  blockers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A demo portal process and the simulator it says it started (the log line with its URL and PID). */
async function startDemoPortal(env: Record<string, string> = {}) {
  const dataDir = tempDir('portal-demo-sim-');
  const portal = await spawnServer({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'info',
    DEMO_IDENTITY_SIMULATOR: 'true',
    ...env,
  });
  started.push(portal);
  await waitHealthy(portal.port);
  const line = portal
    .output()
    .split('\n')
    .find((l) => l.includes('identity-source simulator started for the demo tenant'));
  expect(line, portal.output()).toBeDefined();
  const { url, simulatorPid: pid } = JSON.parse(line!) as { url: string; simulatorPid: number };
  simulatorPids.push(pid);
  return { portal, url, pid, base: `http://127.0.0.1:${portal.port}` };
}

it('the demo simulator is a child process on the logged port (a free one when the configured port is taken) and the demo tenant reaches it', async () => {
  const taken = await occupiedPort();
  const { portal, url, pid, base } = await startDemoPortal({ IDENTITY_SIM_PORT: String(taken) });

  expect(pid).not.toBe(portal.child.pid);
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(new URL(url).port).not.toBe(String(taken));
  expect(portal.output()).toContain('simulator port in use; starting it on a free port');
  expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok', people: 1940 });

  const admin = await loginProcess(base, 'admin@portal.local', 'ChangeMe123!');
  const tenants = (await callProcess<Tenant[]>(base, 'GET', '/api/v1/global-admin/tenants', admin)).body;
  const demo = tenants.find((t) => t.subdomain === 'demo')!;
  const config = JSON.parse(demo.identitySourceConfig!) as PublicIdentitySourceConfig;
  expect(config.apiBaseUrl).toBe(url);
  const test = await callProcess(
    base,
    'POST',
    `/api/v1/global-admin/tenants/${demo.id}/test-connection`,
    admin,
  );
  expect(test.body).toMatchObject({ ok: true });

  portal.child.kill('SIGTERM');
  expect(await portal.exited).toBe(0);
  expect(isRunning(pid)).toBe(false);
});

it('with DEMO_ACCOUNT_SIMULATOR the account name simulator starts too (a free port when its own is taken), the demo tenant reaches it, and it stops with the portal', async () => {
  const taken = await occupiedPort();
  const { portal, pid, base } = await startDemoPortal({
    DEMO_ACCOUNT_SIMULATOR: 'true',
    ACCOUNT_SIM_PORT: String(taken),
  });
  const line = portal
    .output()
    .split('\n')
    .find((l) => l.includes('account name simulator started for the demo tenant'));
  expect(line, portal.output()).toBeDefined();
  const account = JSON.parse(line!) as { url: string; simulatorPid: number };
  simulatorPids.push(account.simulatorPid);
  expect(account.simulatorPid).not.toBe(pid);
  expect(new URL(account.url).port).not.toBe(String(taken));
  expect(portal.output()).toContain('account simulator port in use; starting it on a free port');
  expect(await (await fetch(`${account.url}/healthz`)).json()).toEqual({ status: 'ok', accounts: 1932 });

  const admin = await loginProcess(base, 'admin@portal.local', 'ChangeMe123!');
  const tenants = (await callProcess<Tenant[]>(base, 'GET', '/api/v1/global-admin/tenants', admin)).body;
  const demo = tenants.find((t) => t.subdomain === 'demo')!;
  expect(demo.accountProvider).toEqual({
    apiBaseUrl: account.url,
    clientId: 'demo-accounts-client',
    clientSecretSet: true,
  });
  const test = await callProcess(
    base,
    'POST',
    `/api/v1/global-admin/tenants/${demo.id}/account-provider/test-connection`,
    admin,
  );
  expect(test.body).toMatchObject({ ok: true });

  portal.child.kill('SIGKILL');
  await portal.exited;
  await waitUntil(() => !isRunning(account.simulatorPid) && !isRunning(pid));
});

it('the demo simulator exits when the portal process is killed with SIGKILL', async () => {
  const { portal, url, pid } = await startDemoPortal();
  expect((await fetch(`${url}/healthz`)).ok).toBe(true);

  portal.child.kill('SIGKILL');
  await portal.exited;
  await waitUntil(() => !isRunning(pid));
  await expect(fetch(`${url}/healthz`)).rejects.toThrow();
});
