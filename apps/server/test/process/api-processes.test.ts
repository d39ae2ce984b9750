import fs from 'node:fs';
import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { REQUESTS_PER_CONNECTION } from '../../src/app.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { spawnServer, waitHealthy, type ServerProcess } from '../helpers/server-process.ts';
import { freshPostgresDatabase } from '../helpers/test-portal.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

/**
 * API_PROCESSES (issue #23, platform/api-processes.ts; PostgreSQL only, see vitest.config.ts): one
 * port served by several processes, a graceful rolling restart on SIGHUP that never leaves the
 * port unserved, a graceful stop on SIGTERM, and no process left behind when the supervisor dies.
 */
const started: ServerProcess[] = [];
afterAll(() => {
  for (const s of started) {
    for (const pid of childrenOf(s.child.pid!)) killQuietly(pid);
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
  }
});

function childrenOf(pid: number): number[] {
  try {
    const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return text ? text.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const killQuietly = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone
  }
};
const until = async (what: () => boolean, timeoutMs = 60_000) => {
  const end = Date.now() + timeoutMs;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

it('the default is every core on PostgreSQL and one process on PGlite, where more are refused', () => {
  const base = { DATA_DIR: tempDir('portal-config-') };
  expect(loadConfig({ ...base, DATABASE_URL: 'postgres://x/y' }, []).apiProcesses).toBeGreaterThanOrEqual(1);
  expect(loadConfig({ ...base, DATABASE_URL: 'postgres://x/y', API_PROCESSES: '3' }, []).apiProcesses).toBe(
    3,
  );
  expect(loadConfig(base, []).apiProcesses).toBe(1);
  expect(() => loadConfig({ ...base, API_PROCESSES: '2' }, [])).toThrow(/needs PostgreSQL/);
  expect(
    loadConfig({ ...base, DATABASE_URL: 'postgres://x/y', API_PROCESSES: '4' }, ['--role=worker'])
      .apiProcesses,
  ).toBe(1);
});

it('two API processes share the port; SIGHUP replaces them one by one with every request answered; SIGTERM stops all', async () => {
  const databaseUrl = await freshPostgresDatabase();
  expect(databaseUrl, 'runs on PostgreSQL only (TEST_DATABASE_URL)').toBeTruthy();
  const server = await spawnServer(
    {
      DATABASE_URL: databaseUrl!,
      PORTAL_ADMIN_PASSWORD: 'ChangeMe123!',
      PORTAL_SECRET: 'a-test-secret-shared-by-every-process-of-the-portal',
      DATA_DIR: tempDir('portal-cluster-'),
      WEB_DIST: '/nonexistent',
      API_PROCESSES: '2',
      LOG_LEVEL: 'info',
    },
    ['--role=api'],
  );
  started.push(server);
  await waitHealthy(server.port).catch((err: Error) => {
    throw new Error(`${err.message}: ${server.output()}`);
  });
  const primary = server.child.pid!;
  await until(() => childrenOf(primary).length === 2);
  const first = childrenOf(primary);
  // Each connection of its own (Connection: close), so that both processes take some.
  const base = `http://127.0.0.1:${server.port}`;
  const ask = async () => (await fetch(`${base}/readyz`, { headers: { connection: 'close' } })).status;
  const statuses = await Promise.all(Array.from({ length: 20 }, ask));
  expect(new Set(statuses).size, String(statuses)).toBe(1);

  // One long-lived connection is closed after REQUESTS_PER_CONNECTION answers, so that its next
  // one is dealt out again (node:cluster deals connections, not requests).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const closedAt: number[] = [];
  for (let i = 1; i <= REQUESTS_PER_CONNECTION + 1; i++) {
    const connection = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`${base}/healthz`, { agent }, (res) => {
          res.resume();
          res.once('end', () => resolve(res.headers.connection));
        })
        .once('error', reject);
    });
    if (connection === 'close') closedAt.push(i);
  }
  agent.destroy();
  expect(closedAt).toEqual([REQUESTS_PER_CONNECTION]);

  // A rolling restart while requests keep coming: none fails, and both processes are new.
  let answered = 0;
  const failures: string[] = [];
  let asking = true;
  const load = (async () => {
    while (asking) {
      try {
        const res = await fetch(`${base}/healthz`, { headers: { connection: 'close' } });
        if (res.status === 200) answered++;
        else failures.push(String(res.status));
      } catch (err) {
        failures.push((err as Error).message);
      }
    }
  })();
  server.child.kill('SIGHUP');
  await until(() => {
    const now = childrenOf(primary);
    return now.length === 2 && now.every((pid) => !first.includes(pid));
  }).catch((err: Error) => {
    throw new Error(
      `${err.message}: ${childrenOf(primary).join(',')} (were ${first.join(',')}); ${server.output()}`,
    );
  });
  asking = false;
  await load;
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(0);
  expect(first.some(alive)).toBe(false);

  // SIGTERM: every process finishes and the supervisor exits cleanly.
  const second = childrenOf(primary);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  await until(() => !second.some(alive), 10_000);
}, 180_000);

it('the API processes end when their supervisor is killed', async () => {
  const databaseUrl = await freshPostgresDatabase();
  const server = await spawnServer(
    {
      DATABASE_URL: databaseUrl!,
      PORTAL_ADMIN_PASSWORD: 'ChangeMe123!',
      PORTAL_SECRET: 'a-test-secret-shared-by-every-process-of-the-portal',
      DATA_DIR: tempDir('portal-cluster-kill-'),
      WEB_DIST: '/nonexistent',
      API_PROCESSES: '2',
    },
    ['--role=api'],
  );
  started.push(server);
  await waitHealthy(server.port);
  await until(() => childrenOf(server.child.pid!).length === 2);
  const workers = childrenOf(server.child.pid!);
  server.child.kill('SIGKILL');
  await until(() => !workers.some(alive), 10_000);
}, 120_000);
