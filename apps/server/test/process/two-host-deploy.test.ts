import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import path from 'node:path';
import pg from 'pg';
import { Agent, fetch, FormData } from 'undici';
import { afterAll, expect, it } from 'vitest';
import type { AuditPage } from '@portal/contract/audit';
import type { BulkJob } from '@portal/contract/verification';
import type { Tenant } from '@portal/contract/tenants';
import { startCluster, type Cluster } from '../../../../scripts/pg-cluster.mjs';
import { listening, startNginx } from '../helpers/nginx-process.ts';
import { freePort, PROCESS_CSRF, spawnServer, type ServerProcess } from '../helpers/server-process.ts';
import { simCredentials, startSimProcess, type SimProcess } from '../helpers/simulator-process.ts';
import { buildTenantInput, buildUserInput } from '../helpers/factories.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

/**
 * The reference deployment (issue #37 item 5), stood up for real: Debian's nginx with
 * deploy/nginx/verification-portal.conf (only addresses, names and certificate paths replaced), TLS
 * with a certificate openssl makes here, in front of two 'hosts' (an API and a worker process each,
 * on 127.0.0.2 and 127.0.0.3, the same port) over one PostgreSQL with a streaming replica. A bulk
 * verification runs; every process of the host whose worker holds the job is SIGKILLed in the
 * middle; reads through nginx go on. PostgreSQL only (vitest.config.ts): its own cluster, since
 * pg_basebackup copies a whole cluster.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const examples = path.join(repoRoot, 'examples');
const NAME = 'portal.test';
const CLIENT_ADDRESS = '127.0.0.9'; // the "browser": nginx sees it, the portal must see it too
const cleanup: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: () => Promise<T | undefined>, timeoutMs = 180_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await what().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(200);
  }
}
type Call = { status: number; body: unknown; encoding: string | null };

it('nginx in front of two hosts: a host SIGKILLed during a bulk verification, nginx answers through the other; a streaming replica beside', async () => {
  expect(process.env.TEST_DATABASE_URL, 'runs on PostgreSQL only (test:postgres)').toBeTruthy();
  const t0 = Date.now();
  const cluster: Cluster = await startCluster({ settings: ['wal_level=replica'] });
  cleanup.push(() => cluster.stop());
  const peopleFile = path.join(tempDir('portal-deploy-sim-'), 'people.csv');
  fs.copyFileSync(path.join(examples, 'sot-population.csv'), peopleFile);
  const sim: SimProcess = await startSimProcess([], ['--people', peopleFile, '--latency-ms', '40']);
  cleanup.push(() => sim.stop());

  // Two hosts, the same port on each (as two machines would have).
  const appPort = await freePort();
  const hostEnv = (address: string) => ({
    DATABASE_URL: cluster.appUrl,
    DATABASE_OWNER_URL: cluster.url,
    HOST: address,
    PORT: String(appPort),
    TRUST_PROXY: '127.0.0.1', // nginx's address as the hosts see it
    PORTAL_DOMAIN: NAME,
    PORTAL_ADMIN_PASSWORD: 'ChangeMe123!',
    PORTAL_SECRET: 'a-test-secret-shared-by-every-host-of-the-portal',
    DATA_DIR: tempDir(`portal-deploy-${address}-`),
    WEB_DIST: '/nonexistent',
    JOB_POLL_SECONDS: '0.5',
    WATCHDOG_SECONDS: '1',
    // Small chunks: what a SIGKILL loses is the chunks in flight (at most three), here 75 lookups
    // of 2,000; production's 1,000 a chunk lose as many of a job of 1,000,000.
    VERIFY_CHUNK_SIZE: '25',
    VERIFY_CONCURRENCY: '1',
    VERIFY_LEASE_SECONDS: '5',
    LOGIN_RATE_PER_IP: '100000',
  });
  const hosts: Record<string, ServerProcess[]> = { '127.0.0.2': [], '127.0.0.3': [] };
  const start = async (address: string, role: 'api' | 'worker') => {
    const p = await spawnServer(hostEnv(address), [`--role=${role}`]);
    hosts[address]!.push(p);
    cleanup.push(() => {
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
    });
    return p;
  };
  // The first API process migrates; the others start on the migrated database.
  const first = await start('127.0.0.2', 'api');
  await listening('127.0.0.2', appPort).catch((err: Error) => {
    throw new Error(`${err.message}: ${first.output()}`);
  });
  await Promise.all([start('127.0.0.3', 'api'), start('127.0.0.2', 'worker'), start('127.0.0.3', 'worker')]);
  await listening('127.0.0.3', appPort);
  const nginx = await startNginx(appPort, NAME, cleanup);
  const started = Date.now();

  const agent = new Agent({
    connect: { ca: nginx.ca, servername: NAME },
    localAddress: CLIENT_ADDRESS,
    keepAliveTimeout: 10_000,
  });
  cleanup.push(() => agent.close());
  const base = `https://127.0.0.1:${nginx.tls}`;
  const call = async (method: string, url: string, token?: string, body?: unknown): Promise<Call> => {
    const res = await fetch(`${base}${url}`, {
      method,
      dispatcher: agent,
      headers: {
        ...PROCESS_CSRF,
        'accept-encoding': 'br, gzip',
        // A forged address: nginx appends the real one, the portal believes only that one.
        'x-forwarded-for': '203.0.113.7',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const encoding = res.headers.get('content-encoding');
    return { status: res.status, body: await res.json().catch(() => null), encoding };
  };

  // TLS and HTTP/2 at nginx; plain HTTP is sent to HTTPS.
  const h2 = http2.connect(base, { ca: nginx.ca, servername: NAME });
  const h2status = await new Promise<number>((resolve, reject) => {
    const req = h2.request({ ':path': '/livez', ':authority': NAME });
    req.on('response', (headers) => resolve(Number(headers[':status'])));
    req.on('error', reject);
    req.end();
  });
  expect({ alpn: h2.alpnProtocol, status: h2status }).toEqual({ alpn: 'h2', status: 200 });
  h2.close();
  const redirect = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http
      .get(
        { host: '127.0.0.1', port: nginx.http, path: '/api/v1/users/me', headers: { host: NAME } },
        resolve,
      )
      .on('error', reject),
  );
  redirect.resume();
  expect([redirect.statusCode, redirect.headers.location]).toEqual([301, `https://${NAME}/api/v1/users/me`]);

  const admin = (
    await call('POST', '/api/v1/auth/authenticate', undefined, {
      email: 'admin@portal.local',
      password: 'ChangeMe123!',
    })
  ).body as { token: string };
  const tenantRes = await call('POST', '/api/v1/global-admin/tenants', admin.token, {
    ...buildTenantInput({ apiBaseUrl: sim.url, clientId: simCredentials.clientId }),
    clientSecretEncrypted: simCredentials.clientSecret,
    aesKey: simCredentials.aesKey,
    iv: simCredentials.iv,
  });
  expect(tenantRes.status).toBe(201);
  const tenant = tenantRes.body as Tenant;
  const user = buildUserInput(tenant.id);
  expect((await call('POST', '/api/v1/auth/register', admin.token, user)).status).toBe(201);
  const token = ((await call('POST', '/api/v1/auth/authenticate', undefined, user)).body as { token: string })
    .token;

  // The master list through nginx (a streamed upload), then the bulk verification.
  const form = new FormData();
  form.append('file', await fs.openAsBlob(path.join(examples, 'master-list.csv')), 'master-list.csv');
  const uploaded = await call('POST', '/api/v1/records/upload', token, form);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  expect(uploaded.body).toMatchObject({ newRecordsCreated: 2000 });
  // The portal compressed its answer once; nginx passed it on as it was (no second encoding).
  const page = await call('GET', '/api/v1/records?page=1&pageSize=100', token);
  expect([page.status, page.encoding]).toEqual([200, 'br']);
  // The client's real address reached the portal; the forged one did not (TRUST_PROXY).
  const audit = (await call('GET', '/api/v1/audit-events?pageSize=10', token)).body as AuditPage;
  expect(audit.items.length).toBeGreaterThan(0);
  expect(new Set(audit.items.map((e) => e.address))).toEqual(new Set([CLIENT_ADDRESS]));

  // The reads' time before the standby exists, to compare with the same reads beside it.
  const timed = async (n: number) => {
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const at = performance.now();
      expect((await call('GET', '/api/v1/records?page=1&pageSize=20', token)).status).toBe(200);
      ms.push(performance.now() - at);
    }
    return ms.sort((a, b) => a - b)[Math.floor(n / 2)]!;
  };
  const readMsBefore = await timed(20);

  // The standby: a base backup of the running primary, then streaming.
  const replica = await cluster.startReplica();
  const primaryDb = new pg.Client({ connectionString: cluster.url });
  const standbyDb = new pg.Client({ connectionString: replica.url });
  await primaryDb.connect();
  await standbyDb.connect();
  cleanup.push(async () => {
    await primaryDb.end();
    await standbyDb.end();
  });

  expect((await call('POST', '/api/v1/records/bulk-verify', token)).status).toBe(202);
  const job = async () => ((await call('GET', '/api/v1/bulk-jobs', token)).body as BulkJob[])[0]!;

  // Readers through nginx for the whole run: every answer's time and status.
  const answers: { at: number; status: number; url: string }[] = [];
  let reading = true;
  const reads = ['/api/v1/users/me', '/api/v1/bulk-jobs', '/api/v1/records?page=1&pageSize=20'];
  const readers = [0, 1, 2].map(async (i) => {
    for (let n = 0; reading; n++) {
      const url = reads[(i + n) % reads.length]!;
      const status = await call('GET', url, token).then(
        (r) => r.status,
        () => 0, // no answer at all
      );
      answers.push({ at: Date.now(), status, url });
    }
  });

  await until(async () => {
    const j = await job();
    return j.processedRecords >= 300 && j.processedRecords < 1500 ? j : undefined;
  });
  // The host whose worker holds the job's lease loses every process at once.
  const { rows: lease } = await primaryDb.query<{ owner: string }>(
    `select lease_owner as owner from bulk_jobs where status = 'RUNNING'`,
  );
  const leasePid = Number(lease[0]?.owner.split(':')[1]);
  const victim = Object.keys(hosts).find((h) => hosts[h]!.some((p) => p.child.pid === leasePid))!;
  expect(victim, `the lease holder ${lease[0]?.owner} is one of the hosts' workers`).toBeTruthy();
  const survivor = Object.keys(hosts).find((h) => h !== victim)!;
  const killedAt = Date.now();
  for (const p of hosts[victim]!) p.child.kill('SIGKILL');
  await Promise.all(hosts[victim]!.map((p) => p.exited));
  const lookedUpAtKill = ((await sim.stats()) as { identities: { requested: number } }).identities.requested;
  const processedAtKill = (await job()).processedRecords;

  const done = await until(async () => {
    const j = await job();
    return j.status === 'COMPLETED' || j.status === 'FAILED' ? j : undefined;
  });
  await sleep(1000);
  reading = false;
  await Promise.all(readers);
  const finishedAt = Date.now();

  expect(done).toMatchObject({
    status: 'COMPLETED',
    totalRecords: 2000,
    processedRecords: 2000,
    successfullyVerifiedRecords: 1880,
    mismatchedRecords: 65,
    notFoundRecords: 120,
    failedRecords: 0,
  });
  const requested = ((await sim.stats()) as { identities: { requested: number } }).identities.requested;
  const perRecord = requested / 2000;
  expect(perRecord).toBeLessThanOrEqual(1.05);
  // Looked up again: only what was asked of the provider but not committed when the host died.
  expect(requested).toBeLessThanOrEqual(2000 + (lookedUpAtKill - processedAtKill));
  const { rows: once } = await primaryDb.query<{ n: number; checked: number; lookups: number }>(
    `select count(*)::int as n, count(last_verified_at)::int as checked,
            (select sum(lookups)::int from verification_counts where tenant_id = $1) as lookups
       from records where tenant_id = $1`,
    [tenant.id],
  );
  expect(once[0]).toEqual({ n: 2000, checked: 2000, lookups: 2000 });

  // nginx kept answering: reads after the kill were answered through the survivor. A read in
  // flight to the victim at the kill is retried on the other host (proxy_next_upstream); none
  // after the first second may be a 5xx or go unanswered.
  const after = answers.filter((a) => a.at > killedAt);
  const failed = (a: { status: number }) => a.status >= 500 || a.status === 0;
  const caughtUp = killedAt + 1000;
  const failedBefore = after.filter((a) => a.at <= caughtUp && failed(a));
  const failedAfter = after.filter((a) => a.at > caughtUp && failed(a));
  expect(after.length).toBeGreaterThan(20);
  expect(failedAfter).toEqual([]);
  expect(answers.filter((a) => a.at <= killedAt && failed(a))).toEqual([]);
  const logged = nginx.log().map((line) => line.split('|'));
  const servedAfter = logged.filter(([at, , upstream]) => Number(at) * 1000 > caughtUp && upstream);
  const finalUpstream = (l: string[]) => l[2]!.split(', ').at(-1)!.split(':')[0];
  expect(new Set(servedAfter.map(finalUpstream))).toEqual(new Set([survivor]));
  const triedVictim = servedAfter.filter((l) => l[2]!.includes(victim)).length;

  // The standby replayed everything the portal wrote; the portal never read from it (it is not in
  // any URL the hosts have) and its reads went on meanwhile. It serves as the backup source.
  const lagBytes = async () =>
    Number(
      (
        await primaryDb.query<{ lag: string }>(
          `select pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint as lag from pg_stat_replication`,
        )
      ).rows[0]?.lag,
    );
  const lagAtEnd = await lagBytes();
  const { rows: replay } = await primaryDb.query<{ ms: number | null }>(
    `select (extract(epoch from replay_lag) * 1000)::int as ms from pg_stat_replication`,
  );
  await until(async () => ((await lagBytes()) === 0 ? true : undefined), 30_000);
  const standbyState = await standbyDb.query<{ recovery: boolean; n: number; verified: number }>(
    `select pg_is_in_recovery() as recovery, count(*)::int as n, count(last_verified_at)::int as verified
       from records where tenant_id = $1`,
    [tenant.id],
  );
  expect(standbyState.rows[0]).toEqual({ recovery: true, n: 2000, verified: 2000 });
  const readMsBeside = await timed(20);
  const backupFile = path.join(tempDir('portal-deploy-backup-'), 'from-standby.pgdump');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/backup-cli.ts', 'backup', '--out', backupFile],
    {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_OWNER_URL: replica.url, DATABASE_URL: replica.url },
      stdio: 'pipe',
    },
  );
  expect(fs.statSync(backupFile).size).toBeGreaterThan(100_000);

  const within = (from: number, to: number) => answers.filter((a) => a.at > from && a.at <= to);
  console.log(
    [
      `two hosts behind nginx (${((finishedAt - t0) / 1000).toFixed(0)} s in all, ${((finishedAt - started) / 1000).toFixed(0)} s from nginx's start):`,
      `  ${victim} SIGKILLed (API and worker) at ${processedAtKill} of 2,000 records; ${survivor} finished the job`,
      `  reads answered through nginx: ${answers.length} in all, ${after.length} after the kill ` +
        `(${within(killedAt, caughtUp).length} in its first second, ${failedBefore.length} of them 5xx or unanswered; ` +
        `${failedAfter.length} after); passed on after trying the dead host first: ${triedVictim}`,
      `  lookups at the simulator: ${requested} for 2,000 records (${perRecord.toFixed(3)} per record; ` +
        `${lookedUpAtKill} asked before the kill, ${processedAtKill} shown as processed)`,
      `  standby: ${lagAtEnd} bytes behind when the job completed (replay lag ${replay[0]?.ms ?? 0} ms), ` +
        `then caught up; a backup from it: ${fs.statSync(backupFile).size} bytes; ` +
        `a page of records read in ${readMsBefore.toFixed(0)} ms (median of 20) before it, ${readMsBeside.toFixed(0)} ms beside it`,
    ].join('\n'),
  );
}, 300_000);
