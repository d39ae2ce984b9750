import { afterAll, expect, it } from 'vitest';
import { startCluster } from '../../../../scripts/pg-cluster.mjs';
import {
  PROCESS_CSRF,
  loginProcess,
  spawnServer,
  waitHealthy,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

/**
 * Issue #31 item 1: `pg_ctl restart -m fast` of the database under read load. Connections in use
 * are cut (FATAL 57P01, then "Connection terminated unexpectedly"); the API process must stay up,
 * answer a request whose query was cut with a 503 and a message (never a connection reset), and
 * answer again once the database is back. The cluster is the test's own (a restart would cut every
 * other test file's connections to the shared one); PostgreSQL only, see vitest.config.ts.
 */
const cleanup: (() => void)[] = [];
afterAll(() => {
  for (const fn of cleanup.reverse()) fn();
});

it('a database restart under read load fails requests in flight with a 503 and a message; the process stays up and answers again', async () => {
  expect(process.env.TEST_DATABASE_URL, 'runs on PostgreSQL only (test:postgres)').toBeTruthy();
  const cluster = await startCluster();
  cleanup.push(() => cluster.stop());
  const server: ServerProcess = await spawnServer({
    DATABASE_URL: cluster.appUrl,
    DATABASE_OWNER_URL: cluster.url,
    DEMO: 'true',
    // The demo's 2,000 records, for a bulk verification to run while the database restarts.
    DEMO_SEED_RECORDS: 'true',
    DEMO_IDENTITY_SIMULATOR: 'true',
    PORTAL_ADMIN_PASSWORD: 'ChangeMe123!',
    PORTAL_SECRET: 'a-test-secret-for-the-database-restart-test',
    DATA_DIR: tempDir('portal-pg-restart-'),
    WEB_DIST: '/nonexistent',
    JOB_POLL_SECONDS: '0.5',
    LOGIN_RATE_PER_IP: '100000',
  });
  cleanup.push(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  await waitHealthy(server.port).catch((err: Error) => {
    throw new Error(`${err.message}: ${server.output()}`);
  });
  const pid = server.child.pid!;
  const base = `http://127.0.0.1:${server.port}`;
  const token = await loginProcess(base, 'tenant.admin@demo.local', 'Demo12345!');
  expect(token).toBeTruthy();
  // Plain reads, and the audit log's (a transaction of its own: a checked-out connection).
  const reads = [
    '/api/v1/records?page=1&pageSize=20',
    '/api/v1/audit-events?page=1&pageSize=20',
    '/api/v1/users/me',
    '/api/v1/bulk-jobs',
  ];

  const outcomes = new Map<string, number>();
  const failures: string[] = [];
  let asking = true;
  const load = async (worker: number) => {
    for (let i = worker; asking; i++) {
      try {
        const res = await fetch(`${base}${reads[i % reads.length]}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await res.json()) as { message?: string };
        outcomes.set(String(res.status), (outcomes.get(String(res.status)) ?? 0) + 1);
        if (res.status !== 200 && !(res.status === 503 && body.message))
          failures.push(`${res.status} ${JSON.stringify(body)}`);
      } catch (err) {
        // A connection reset or refused: the process died or dropped the request.
        failures.push(`${(err as Error).message} ${String((err as { cause?: unknown }).cause)}`);
        if (server.child.exitCode !== null) return;
      }
    }
  };
  const loaders = Array.from({ length: 8 }, (_, w) => load(w));
  await new Promise((r) => setTimeout(r, 500));
  const bulk = await fetch(`${base}/api/v1/records/bulk-verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...PROCESS_CSRF },
  });
  expect([202, 409]).toContain(bulk.status);
  await new Promise((r) => setTimeout(r, 500));
  cluster.restart();
  // Back: a read answers 200 again on the same process.
  const end = Date.now() + 30_000;
  let back = false;
  while (!back && Date.now() < end) {
    const res = await fetch(`${base}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => undefined);
    back = res?.status === 200;
    if (!back) await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 1000));
  asking = false;
  await Promise.all(loaders);

  const output = server.output();
  expect(failures, `${JSON.stringify(Object.fromEntries(outcomes))}\n${output}`).toEqual([]);
  expect(back, `answers again after the restart: ${output}`).toBe(true);
  expect(server.child.exitCode, output).toBeNull();
  expect(server.child.pid).toBe(pid);
  expect(output).not.toMatch(/Unhandled 'error' event|uncaughtException/);
  expect(outcomes.get('200') ?? 0).toBeGreaterThan(0);
  // The ready check says so, too: the database answers.
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
  // The bulk verification cut by the restart is taken up again and finishes (its step retried).
  const jobEnd = Date.now() + 90_000;
  let latest: { status: string } | undefined;
  while (Date.now() < jobEnd) {
    const res = await fetch(`${base}/api/v1/bulk-jobs`, { headers: { authorization: `Bearer ${token}` } });
    latest = ((await res.json()) as { status: string }[])[0];
    if (latest && !['PENDING', 'RUNNING'].includes(latest.status)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(latest?.status, server.output()).toBe('COMPLETED');
  expect(server.child.pid).toBe(pid);
  expect(server.child.exitCode).toBeNull();
}, 180_000);
