// Bulk verification on this machine: 100,000 records of a portal on PostgreSQL verified against the
// OPTIMA simulator as its own process on loopback, at 20 ms latency per request; then the
// simulator's own capacity, measured in the same run with autocannon straight at lookup-batch over
// as many connections as the portal's lookup concurrency; then the dashboard stats over
// 1,000,000 records under 20 connections.
// Run: npm run bench:verify  (BENCH_RECORDS, BENCH_LATENCY_MS, VERIFY_CONCURRENCY to change)
// 1,000,000 records: BENCH_RECORDS=1000000 (the list is then written in SQL, BENCH_WRITE=sql: see
// writeInSql; BENCH_WRITE=upload to upload it anyway).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { MaintenanceRepo } from '../apps/server/src/modules/records/maintenance.repo.ts';
import type { Orm } from '../apps/server/src/platform/db.ts';
import { drizzle } from 'drizzle-orm/node-postgres';
import { OPTIMA_BATCH_MAX, OPTIMA_PATHS } from '@portal/optima/protocol';
import { DEMO_CREDENTIALS } from '@portal/optima/demo-provider';
import { encryptPayload, parseOptimaKeys } from '@portal/optima/payload-crypto';
import { GeneratedPopulation } from '@portal/identity-sim/generated-population';
import { HEADERS } from './lib/master-list.ts';
import {
  createDatabase,
  describeLoad,
  load,
  seedRecords,
  startBenchCluster,
  startSeededPortal,
  waitForRecordsVacuum,
} from './lib/million.ts';
import { csrfHeaders, upload } from './lib/portal-process.ts';
import { pointDemoTenantAt, startSimulator } from './lib/simulator.ts';

const COUNT = Number(process.env.BENCH_RECORDS ?? 100_000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);
const CONCURRENCY = Number(process.env.VERIFY_CONCURRENCY ?? 4);
const STATS_RECORDS = Number(process.env.BENCH_STATS_RECORDS ?? 1_000_000);
const SEED = 11;
/**
 * How the master list gets into the portal: uploaded over HTTP, or (1,000,000 records) copied in SQL
 * as the upload would write it. A 1,000,000-row upload spent over ten minutes, inside its
 * transaction, counting the rows that share an identity with a removed record (the upload's
 * summary, issue #30) on 2026-11-28; the bulk verification is what this benchmark measures.
 */
const WRITE = process.env.BENCH_WRITE ?? (COUNT > 200_000 ? 'sql' : 'upload');
const results: string[] = [];
const say = (line: string) => {
  results.push(line);
  console.log(line);
};

/** The master list of the population: 2% with another date of birth (mismatched), 2% unknown NINs. */
function writeMasterList(file: string, population: GeneratedPopulation) {
  const out = fs.openSync(file, 'w');
  const csv = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  fs.writeSync(out, HEADERS.join(',') + '\n');
  let lines: string[] = [];
  for (let i = 0; i < population.size; i++) {
    const p = population.personAt(i);
    const unknown = i % 50 === 1;
    const dob = i % 50 === 0 ? '1999-12-31' : p.dateOfBirth;
    lines.push(
      [
        String(i + 1),
        p.fullName,
        `W${i}`,
        `BP${String(i).padStart(7, '0')}`,
        unknown ? population.ninAt(population.size + i) : p.nin,
        p.ssid ?? '',
        p.ministry ?? 'Ministry of Finance',
        p.department ?? 'Accounts',
        p.gradeLevel ?? 'GL 07',
        'SG1',
        'CONPSS',
        dob,
        '',
        '',
      ]
        .map(csv)
        .join(',') + '\n',
    );
    if (lines.length === 10_000) {
      fs.writeSync(out, lines.join(''));
      lines = [];
    }
  }
  fs.writeSync(out, lines.join(''));
  fs.closeSync(out);
}

interface BulkJob {
  id: string;
  status: string;
  totalRecords: number;
  successfullyVerifiedRecords: number;
  failedRecords: number;
  startedAt?: string | null;
  finishedAt?: string | null;
  createdAt: string;
}

/** The simulator's throughput in records/s: autocannon POSTs full lookup-batch requests. */
async function simulatorCapacity(simUrl: string, population: GeneratedPopulation) {
  const tokenRes = await fetch(`${simUrl}${OPTIMA_PATHS.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: DEMO_CREDENTIALS.clientId,
      clientSecret: DEMO_CREDENTIALS.clientSecret,
    }),
  });
  const { accessToken } = (await tokenRes.json()) as { accessToken: string };
  const keys = parseOptimaKeys(DEMO_CREDENTIALS.aesKey, DEMO_CREDENTIALS.iv);
  const items = Array.from({ length: OPTIMA_BATCH_MAX }, (_, i) => {
    const p = population.personAt((i * 97) % population.size);
    return { nin: p.nin, ssid: p.ssid };
  });
  const body = JSON.stringify({ payload: encryptPayload(keys, { items }) });
  const r = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: `${simUrl}${OPTIMA_PATHS.lookupBatch}`,
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body,
        connections: CONCURRENCY,
        duration: 10,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
  if (r.non2xx > 0) throw new Error(`simulator answered ${r.non2xx} non-2xx`);
  return { recordsPerSecond: r.requests.average * OPTIMA_BATCH_MAX, latencyP50: r.latency.p50 };
}

/**
 * The history entries the job wrote (issue #31 item 8: one per record verified, the job in the
 * note) and the audit table's size on disk with its indexes.
 */
async function historyOf(databaseUrl: string, jobId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ n: number; bytes: string }>(
      `select (select count(*)::int from audit_events where entity_type = 'record' and note = $1) as n,
         pg_total_relation_size('audit_events') as bytes`,
      [`Bulk verification ${jobId}`],
    );
    return { entries: r.rows[0]!.n, mib: Number(r.rows[0]!.bytes) / 2 ** 20 };
  } finally {
    await client.end();
  }
}

/**
 * The master list written as UPLOADED records of the demo tenant in SQL: COPY into a staging table,
 * then one insert (ministries and departments by name), the vacuum and the queues' counts as the
 * upkeep after a large upload does them.
 */
async function writeInSql(databaseUrl: string, file: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tenant = await client.query<{ id: string }>(`select id from tenants where subdomain = 'demo'`);
    const tenantId = tenant.rows[0]!.id;
    await client.query(`create temp table staging (sn text, full_name text, employee_id text, psn text, nin text,
      ssid text, ministry text, department text, grade_level text, salary_grade_id text, salary_structure text,
      date_of_birth text, email text, phone text)`);
    await pipeline(
      fs.createReadStream(file),
      client.query(copyFrom('copy staging from stdin with (format csv, header true)')),
    );
    await client.query(
      `insert into ministries (tenant_id, name) select distinct $1::uuid, ministry from staging on conflict do nothing`,
      [tenantId],
    );
    await client.query(
      `insert into departments (tenant_id, name) select distinct $1::uuid, department from staging on conflict do nothing`,
      [tenantId],
    );
    await client.query(
      `insert into records (tenant_id, natural_key, full_name, employee_id, psn, nin, ssid, ministry_id, department_id,
         grade_level, salary_grade_id, salary_structure, date_of_birth, status, original_upload_data)
       select $1, s.psn, s.full_name, s.employee_id, s.psn, s.nin, nullif(s.ssid, ''), m.id, d.id, s.grade_level,
         s.salary_grade_id, s.salary_structure, s.date_of_birth::date, 'UPLOADED',
         jsonb_build_object('Full Name', s.full_name, 'PSN', s.psn)
       from staging s
       join ministries m on m.tenant_id = $1 and m.name = s.ministry
       join departments d on d.tenant_id = $1 and d.name = s.department`,
      [tenantId],
    );
    await client.query('vacuum analyze records');
    await new MaintenanceRepo(drizzle(client) as unknown as Orm).compactQueueCounts();
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-verify-'));
const cluster = await startBenchCluster();
const population = new GeneratedPopulation({ count: COUNT, seed: SEED });
const sim = await startSimulator({ count: COUNT, seed: SEED, latencyMs: LATENCY_MS });
try {
  const file = path.join(dir, 'master-list.csv');
  writeMasterList(file, population);
  const url = await createDatabase(cluster, 'verify');
  const { portal, token } = await startSeededPortal(url, { VERIFY_CONCURRENCY: String(CONCURRENCY) });
  try {
    await pointDemoTenantAt(portal.base, sim.url);
    if (WRITE === 'sql') {
      console.log(`wrote ${COUNT} records in SQL in ${(await writeInSql(url, file)).toFixed(1)} s`);
    } else {
      const uploaded = await upload(portal.base, token, file);
      console.log(`uploaded ${COUNT} records in ${uploaded.seconds.toFixed(1)} s`);
      // The upload's own table maintenance (decision 39) finishes before the verification is timed.
      console.log(
        `records table vacuumed ${(await waitForRecordsVacuum(url)).toFixed(1)} s after the upload`,
      );
    }
    const auth = { authorization: `Bearer ${token}`, ...csrfHeaders };
    const started = performance.now();
    const res = await fetch(`${portal.base}/api/v1/records/bulk-verify`, { method: 'POST', headers: auth });
    if (!res.ok) throw new Error(`bulk-verify: ${res.status} ${await res.text()}`);
    let job: BulkJob | undefined;
    for (;;) {
      await new Promise((r) => setTimeout(r, 50));
      const jobs = (await (await fetch(`${portal.base}/api/v1/bulk-jobs`, { headers: auth })).json()) as
        BulkJob[] | { items: BulkJob[] };
      job = (Array.isArray(jobs) ? jobs : jobs.items)[0];
      if (job && (job.status === 'COMPLETED' || job.status === 'FAILED')) break;
    }
    const wall = (performance.now() - started) / 1000;
    if (job.status !== 'COMPLETED') throw new Error(`job ${job.status}`);
    const history = await historyOf(url, job.id);
    say(
      `history entries written by the job: ${history.entries} (one per record verified); ` +
        `audit_events with its indexes ${history.mib.toFixed(0)} MiB`,
    );
    const stats = (await (
      await fetch(`${portal.base}/api/v1/tenant-admin/dashboard/stats`, { headers: auth })
    ).json()) as Record<string, number>;
    const rate = job.totalRecords / wall;
    say(
      `bulk verification of ${job.totalRecords} records at ${LATENCY_MS} ms latency, lookup concurrency ${CONCURRENCY}: ` +
        `${wall.toFixed(1)} s, ${Math.round(rate)} records/s (target ≥ 2,000); ` +
        `verified ${job.successfullyVerifiedRecords}, failed ${job.failedRecords}; stats ${JSON.stringify(stats)}`,
    );
    const capacity = await simulatorCapacity(sim.url, population);
    say(
      `simulator capacity, autocannon at lookup-batch (${OPTIMA_BATCH_MAX} per request, ${CONCURRENCY} connections): ` +
        `${Math.round(capacity.recordsPerSecond)} records/s (p50 ${capacity.latencyP50} ms); ` +
        `portal ÷ simulator ${((100 * rate) / capacity.recordsPerSecond).toFixed(0)}% (target ≥ 70%)`,
    );
  } finally {
    await portal.stop();
  }

  // Stats over 1,000,000 records (written in SQL; the path above already showed how they get there).
  const statsUrl = await createDatabase(cluster, 'stats');
  const first = await startSeededPortal(statsUrl);
  await first.portal.stop();
  await seedRecords(statsUrl, STATS_RECORDS);
  const seeded = await startSeededPortal(statsUrl);
  try {
    const l = await load(`${seeded.portal.base}/api/v1/tenant-admin/dashboard/stats`, seeded.token, 20, 10);
    say(
      `GET dashboard/stats over ${STATS_RECORDS} records, 20 connections: ${describeLoad(l)} — p95 ≤ 100 ms ${l.p97_5 <= 100 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await seeded.portal.stop();
  }
} finally {
  await sim.stop();
  cluster.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log('\nSummary\n' + results.join('\n'));
