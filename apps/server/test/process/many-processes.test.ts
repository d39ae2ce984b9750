import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import type { BulkJob } from '@portal/contract/verification';
import type { ExportJob } from '@portal/contract/exports';
import type { QueuePage } from '@portal/contract/validation';
import { SMALL_CHUNKS, tenantAdminProcess, until, uploadSampleProcess } from '../helpers/job-processes.ts';
import {
  callProcess,
  loginProcess,
  spawnServer,
  waitHealthy,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { simCredentials, startSimProcess, type SimProcess } from '../helpers/simulator-process.ts';
import { buildTenantInput } from '../helpers/factories.ts';
import { freshPostgresDatabase, postgresEnv } from '../helpers/test-portal.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

/**
 * Several processes on one PostgreSQL (issue #18; PostgreSQL only, see vitest.config.ts): two API
 * and two worker processes; two tenants upload, verify in bulk, decide and export at once; one
 * worker is killed with SIGKILL in the middle of a job. Afterwards every record was verified
 * exactly once and every counter is exact.
 */
const examples = path.resolve(import.meta.dirname, '../../../../examples');
const started: ServerProcess[] = [];
let sim: SimProcess | undefined;
afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await sim?.stop();
});

it('two API and two worker processes: uploads, bulk verifications, decisions and an export at once; a worker SIGKILLed', async () => {
  const databaseUrl = await freshPostgresDatabase();
  expect(databaseUrl, 'runs on PostgreSQL only (TEST_DATABASE_URL)').toBeTruthy();
  const peopleFile = path.join(tempDir('portal-many-sim-'), 'people.csv');
  fs.copyFileSync(path.join(examples, 'sot-population.csv'), peopleFile);
  sim = await startSimProcess([], ['--people', peopleFile, '--latency-ms', '60']);
  const env = (name: string) => ({
    ...postgresEnv(databaseUrl!), // as the portal's role; the owner migrates
    PORTAL_ADMIN_PASSWORD: 'ChangeMe123!',
    PORTAL_SECRET: 'a-test-secret-shared-by-every-process-of-the-portal',
    DATA_DIR: tempDir(`portal-many-${name}-`),
    WEB_DIST: '/nonexistent',
    ...SMALL_CHUNKS,
    VERIFY_CONCURRENCY: '2',
  });
  // The first process migrates and creates the admin; the others start on that database.
  const api1 = await spawnServer(env('api1'), ['--role=api']);
  started.push(api1);
  await waitHealthy(api1.port).catch((err: Error) => {
    throw new Error(`${err.message}: ${api1.output()}`);
  });
  const [api2, w1, w2] = await Promise.all([
    spawnServer(env('api2'), ['--role=api']),
    spawnServer(env('w1'), ['--role=worker']),
    spawnServer(env('w2'), ['--role=worker']),
  ]);
  started.push(api2, w1, w2);
  await waitHealthy(api2.port);
  const bases = [api1, api2].map((p) => `http://127.0.0.1:${p.port}`);

  const admin = await loginProcess(bases[0]!, 'admin@portal.local', 'ChangeMe123!');
  // Each tenant's calls go through both API processes.
  const tenants = await Promise.all(
    [0, 1].map((i) =>
      tenantAdminProcess(
        bases[i]!,
        admin,
        {
          ...buildTenantInput({ apiBaseUrl: sim!.url, clientId: simCredentials.clientId }),
          clientSecretEncrypted: simCredentials.clientSecret,
          aesKey: simCredentials.aesKey,
          iv: simCredentials.iv,
        },
        bases[1 - i]!,
      ),
    ),
  );

  // Both uploads at once, each through its own API process.
  const uploads = await Promise.all(tenants.map((t, i) => uploadSampleProcess(bases[i]!, t.token)));
  expect(uploads.map((u) => u.newRecordsCreated)).toEqual([2000, 2000]);
  for (const [i, t] of tenants.entries())
    expect((await callProcess(bases[1 - i]!, 'POST', '/api/v1/records/bulk-verify', t.token)).status).toBe(
      202,
    );

  const job = async (base: string, token: string) =>
    (await callProcess<BulkJob[]>(base, 'GET', '/api/v1/bulk-jobs', token)).body[0]!;
  // A worker dies while the first tenant's job runs.
  await until(async () => {
    const j = await job(bases[0]!, tenants[0]!.token);
    return j.processedRecords >= 300 && j.processedRecords < 2000 ? j : undefined;
  });
  const killed = [w1, w2].find((w) => w.child.exitCode === null)!;
  killed.child.kill('SIGKILL');
  await killed.exited;

  // Decisions while the jobs run: the second tenant's first pending records, approved as they come.
  const approved = await until(async () => {
    const page = (
      await callProcess<QueuePage>(
        bases[1]!,
        'GET',
        '/api/v1/records/queue/pending-approval?pageSize=25',
        tenants[1]!.token,
      )
    ).body;
    return page.items.length >= 10 ? page.items.slice(0, 10) : undefined;
  });
  const decided = await callProcess<{ approved: string[] }>(
    bases[0]!,
    'POST',
    '/api/v1/records/bulk-approve',
    tenants[1]!.token,
    {
      records: approved.map((r) => ({ id: r.id, version: r.version })),
    },
  );
  expect(decided.body.approved).toHaveLength(10);
  const exportStart = await callProcess<ExportJob>(
    bases[1]!,
    'POST',
    '/api/v1/records/export',
    tenants[1]!.token,
  );
  expect(exportStart.status).toBe(202);

  const finished = await Promise.all(
    tenants.map((t, i) =>
      until(async () => {
        const j = await job(bases[i]!, t.token);
        return j.status === 'COMPLETED' || j.status === 'FAILED' ? j : undefined;
      }),
    ),
  );
  for (const j of finished)
    expect(j).toMatchObject({
      status: 'COMPLETED',
      totalRecords: 2000,
      processedRecords: 2000,
      successfullyVerifiedRecords: 1880,
      mismatchedRecords: 65,
      notFoundRecords: 120,
      failedRecords: 0,
    });
  const exported = await until(async () => {
    const [e] = (
      await callProcess<ExportJob[]>(bases[0]!, 'GET', '/api/v1/records/export-logs', tenants[1]!.token)
    ).body;
    return e && e.status !== 'PENDING' && e.status !== 'PROCESSING' ? e : undefined;
  });
  expect(exported).toMatchObject({ status: 'COMPLETED', recordCount: 10 });

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (const { tenant } of tenants) {
      // Every record verified exactly once: its answer committed once (a committed chunk's lookups
      // are counted with it), none left over, none twice.
      const verified = await db.query(
        `select count(*)::int as n, count(last_verified_at)::int as checked from records where tenant_id = $1`,
        [tenant.id],
      );
      expect(verified.rows[0]).toEqual({ n: 2000, checked: 2000 });
      const lookups = await db.query(
        `select sum(lookups)::int as n from verification_counts where tenant_id = $1`,
        [tenant.id],
      );
      expect(lookups.rows[0].n).toBe(2000);
      const items = await db.query(
        `select count(*)::int as n from bulk_job_items i join bulk_jobs j on j.id = i.job_id where j.tenant_id = $1`,
        [tenant.id],
      );
      expect(items.rows[0].n).toBe(0);
      // The trigger-kept counts are exact.
      const kept = await db.query(
        `select status, sot_verified, n::int from record_counts where tenant_id = $1 and n > 0 order by 1, 2`,
        [tenant.id],
      );
      const actual = await db.query(
        `select status, sot_verified, count(*)::int as n from records where tenant_id = $1 group by 1, 2 order by 1, 2`,
        [tenant.id],
      );
      expect(kept.rows).toEqual(actual.rows);
    }
  } finally {
    await db.end();
  }
  for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGTERM');
  for (const p of started) await p.exited;
}, 300_000);
