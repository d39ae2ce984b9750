import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { freePort, spawnServer, waitHealthy, type ServerProcess } from '../helpers/server-process.ts';
import { freshPostgresDatabase, postgresEnv } from '../helpers/test-portal.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

/**
 * One scrape covers every portal process of the machine (issue #37 item 2; PostgreSQL only, as two
 * API processes need it): a supervisor with two forked API processes and a worker started on its
 * own, all with one METRICS_PORT. Whichever holds the port answers for the three.
 */
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});

const until = async (what: () => Promise<boolean> | boolean, timeoutMs = 60_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
};

it('two API processes and a worker: one scrape of METRICS_PORT sums the three, promtool accepts it', async () => {
  const databaseUrl = await freshPostgresDatabase();
  expect(databaseUrl, 'runs on PostgreSQL only (TEST_DATABASE_URL)').toBeTruthy();
  const metricsPort = await freePort();
  const socketDir = tempDir('portal-metrics-sockets-');
  const env = (name: string) => ({
    ...postgresEnv(databaseUrl!),
    PORTAL_ADMIN_PASSWORD: 'ChangeMe123!',
    PORTAL_SECRET: 'a-test-secret-shared-by-every-process-of-the-portal',
    DATA_DIR: tempDir(`portal-metrics-${name}-`),
    WEB_DIST: '/nonexistent',
    METRICS_PORT: String(metricsPort),
    METRICS_SOCKET_DIR: socketDir,
  });
  const api = await spawnServer({ ...env('api'), API_PROCESSES: '2' }, ['--role=api']);
  started.push(api);
  // A slow start on a loaded machine (migrations on a fresh database, two processes).
  await waitHealthy(api.port, 240_000).catch((err: Error) => {
    throw new Error(`${err.message}: ${api.output()}`);
  });
  const worker = await spawnServer(env('worker'), ['--role=worker']);
  started.push(worker);
  // Two API processes and the worker each answer on a socket of their own.
  const sockets = () => fs.readdirSync(socketDir).filter((f) => f.endsWith('.sock'));
  await until(() => sockets().length === 3, 240_000).catch(() => {
    throw new Error(`sockets: ${sockets().join(', ')}\n${api.output()}\n${worker.output()}`);
  });

  // Each request on a connection of its own: node:cluster deals them to both API processes.
  const base = `http://127.0.0.1:${api.port}`;
  const asked = 40;
  for (let i = 0; i < asked; i++) {
    const res = await fetch(`${base}/livez`, { headers: { connection: 'close' } });
    expect(res.status).toBe(200);
  }

  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(res.status).toBe(200);
  const scrape = await res.text();
  // Every request of both API processes, counted once.
  const livez = scrape.match(
    /portal_http_request_duration_seconds_count\{route="\/livez",method="GET",status_code="200",role="api"\} (\d+)/,
  );
  expect(Number(livez?.[1])).toBe(asked);
  // The worker's figures beside the API processes' ones.
  expect(scrape).toMatch(/portal_ready\{role="api"\} 1/);
  expect(scrape).toMatch(/portal_ready\{role="worker"\} 1/);
  expect(scrape).toMatch(/portal_job_queue_depth\{queue="records.bulk-verify",role="worker"\} \d+/);
  // Three processes' resident memory summed: more than any one of them uses.
  const rss = Number(scrape.match(/process_resident_memory_bytes\{role="api"\} (\d+)/)?.[1]);
  expect(rss).toBeGreaterThan(2 * 40 * 1024 * 1024);

  const check = spawnSync('promtool', ['check', 'metrics'], { input: scrape, encoding: 'utf8' });
  if ((check.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error('promtool is missing: install the Debian package `prometheus`');
  expect(`${check.stdout}${check.stderr}`).toBe('');
  expect(check.status).toBe(0);

  // The public port serves no metrics.
  expect((await fetch(`${base}/metrics`)).status).toBe(404);

  // The worker stops: its socket goes and the next scrape still answers for the API processes.
  worker.child.kill('SIGKILL');
  await worker.exited;
  const after = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  expect(after).not.toMatch(/role="worker"/);
  expect(after).toMatch(/portal_ready\{role="api"\} 1/);
  expect(sockets()).toHaveLength(2);
}, 600_000);
