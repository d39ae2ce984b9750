// Issue #36 on PostgreSQL, on this machine:
// 1. The account check (POST /records/account-check) over 100,000 records of the demo tenant
//    against the name-enquiry account simulator as its own process on loopback, at 20 ms latency
//    per request; then the simulator's own capacity, measured in the same run with autocannon
//    straight at /name-enquiry/batch (100 accounts a request, as the portal asks) over as many
//    connections as the portal's lookup concurrency; the portal's throughput ÷ the simulator's.
//    Target ≥ 90%.
// 2. The cross-tenant index (migration 0057) over 3 tenants of 1,000,000 records each (NIN, BVN,
//    bank account; a share of them on another tenant's payroll too): built from nothing as a real
//    deployment builds it (a start under a new key: ensureKey marks the index to be built again,
//    then each tenant's evaluation syncs, the first one rebuilding it all), target ≤ 60 s; then a
//    100,000-row master-list upload (bench:ingest's file) into a new tenant with the index's
//    triggers, against the same upload
//    without them (the triggers disabled: today's upload), median of 3 each, alternated, target
//    ≤ 1.2×; and the sync the evaluation after such an upload pays.
// Run: npm run bench:accounts  (BENCH_QUICK=1: 10,000 records checked, 3 × 100,000 indexed,
// 10,000-row uploads; BENCH_RECORDS, BENCH_TENANT_RECORDS, BENCH_UPLOAD_ROWS, BENCH_LATENCY_MS,
// VERIFY_CONCURRENCY to change; BENCH_ONLY=check or BENCH_ONLY=index for one part; BENCH_PGSS=1 to
// print PostgreSQL's statements during the check by time)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { NAME_ENQUIRY_BATCH_MAX, NAME_ENQUIRY_PATHS } from '@portal/optima/name-enquiry/protocol';
import { DEMO_ACCOUNT_CREDENTIALS } from '@portal/optima/name-enquiry/demo-accounts';
import { tenantScope } from '../apps/server/src/access/actor.ts';
import { CrossTenantIndexRepo } from '../apps/server/src/modules/integrity/cross-tenant-index.repo.ts';
import { crossTenantKey } from '../apps/server/src/modules/integrity/cross-tenant-key.ts';
import { MaintenanceRepo } from '../apps/server/src/modules/records/maintenance.repo.ts';
import { bankCodesOf } from '../apps/server/src/modules/verification/account-check.jobs.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import type { Orm } from '../apps/server/src/platform/db.ts';
import { deriveKeys } from '../apps/server/src/platform/secrets.ts';
import { summariseProfile, type CpuProfile } from './lib/cpu-profile.ts';
import { writeMasterListsApart } from './lib/master-list.ts';
import {
  createDatabase,
  DEPARTMENT_COUNT,
  MINISTRY_COUNT,
  nameOf,
  startBenchCluster,
  startSeededPortal,
  type Cluster,
  seedPostings,
} from './lib/million.ts';
import { appRoleUrl, csrfHeaders, newTenantAdmin, upload } from './lib/portal-process.ts';
import { pointDemoTenantAccountsAt, startAccountSimulator } from './lib/simulator.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const CHECK_RECORDS = Number(process.env.BENCH_RECORDS ?? (QUICK ? 10_000 : 100_000));
const TENANT_RECORDS = Number(process.env.BENCH_TENANT_RECORDS ?? (QUICK ? 100_000 : 1_000_000));
const UPLOAD_ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? (QUICK ? 10_000 : 100_000));
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);
const CONCURRENCY = Number(process.env.VERIFY_CONCURRENCY ?? 4);
const ONLY = process.env.BENCH_ONLY;
/** BENCH_PROFILE=1: the portal under --cpu-prof, its main thread's profile over the check printed. */
const PROFILE = process.env.BENCH_PROFILE === '1';
const TENANTS = 3;
const UPLOAD_RUNS = 3;
const CHECK_TARGET = 0.9;
const BUILD_TARGET_S = 60;
const UPLOAD_RATIO_TARGET = 1.2;
/** The banks written on the records (their names as payroll lists write them). */
const BANKS = ['GTBank', 'Access Bank', 'Zenith Bank', 'UBA', 'First Bank of Nigeria'];

const results: string[] = [];
const say = (line: string) => {
  results.push(line);
  console.log(line);
};
const count = (n: number) => n.toLocaleString('en-US');
const seconds = (t0: number) => (performance.now() - t0) / 1000;

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * `count` VALIDATED records of a tenant with a NIN, a BVN and an account at one of BANKS, written in
 * SQL in statements of 100,000 (bench/lib/million.ts's names, ministries and departments). Tenant
 * `k`'s identifiers are its own but for 0.5% of NINs, 0.2% of BVNs and 0.1% of accounts, which every
 * tenant shares (the same number g): people on two states' payrolls. Then the upkeep of a large
 * write (vacuum, the queues' counts).
 */
async function seedPayroll(url: string, tenantId: string, k: number, n: number): Promise<void> {
  await withClient(url, async (client) => {
    await seedPostings(client, tenantId);
    const own = (base: number, share: number) =>
      `case when g % ${share} = 0 then ${base} + g else ${base} + ${(k + 1) * 10_000_000} + g end`;
    for (let from = 1; from <= n; from += 100_000) {
      const to = Math.min(n, from + 99_999);
      await client.query(
        `with m as (select array_agg(id order by name) a from ministries where tenant_id = $1 and name like 'Ministry of Bench %'),
              d as (select array_agg(id order by name) a from departments where tenant_id = $1 and name like 'Bench Department %')
         insert into records (tenant_id, natural_key, full_name, employee_id, psn, nin, bvn, ssid, ministry_id, department_id,
           grade_level, salary_grade_id, salary_structure, date_of_birth, date_of_first_appointment, email, status, sot_verified,
           original_upload_data, validated_at, bank, account_number, monthly_gross_kobo)
         select $1, 'PSN' || lpad(g::text, 8, '0'), ${nameOf('g')}, 'W' || g, 'PSN' || lpad(g::text, 8, '0'),
           (${own(30_000_000_000, 200)})::text, (${own(22_000_000_000, 500)})::text, 'SS' || lpad(g::text, 8, '0'),
           m.a[1 + abs(hashint4(g)) % ${MINISTRY_COUNT}], d.a[1 + abs(hashint4(g + 7777777)) % ${DEPARTMENT_COUNT}],
           'GL ' || lpad((1 + abs(hashint4(g + 3333333)) % 17)::text, 2, '0'), 'SG' || (g % 40), 'CONPSS',
           date '1970-01-01' + (g % 12000), date '1995-01-01' + (g % 9000),
           'person' || g || '@bench.local', 'VALIDATED', true,
           jsonb_build_object('Full Name', ${nameOf('g')}, 'PSN', 'PSN' || lpad(g::text, 8, '0')),
           now() - (g % 1000) * interval '1 minute',
           (array['${BANKS.join("','")}'])[1 + g % ${BANKS.length}],
           lpad((${own(1_000_000_000, 1000)})::text, 10, '0'),
           10000000 + (g % 500) * 100000
         from generate_series(${from}, ${to}) g, m, d`,
        [tenantId],
      );
    }
    await client.query('vacuum analyze records');
    await new MaintenanceRepo(drizzle(client) as unknown as Orm).compactQueueCounts();
  });
}

/**
 * The account simulator's accounts for the demo tenant's records, with what banks answer in
 * realistic shares: 2% unknown (NOT_FOUND), 1% CLOSED, 3% in another name, the rest in the record's
 * name (upper case, as banks hold it), half of them with the record's BVN and 0.5% with another.
 */
async function writeAccountsFile(url: string, file: string): Promise<number> {
  const rows = await withClient(url, async (client) => {
    const r = await client.query<{ bank: string; account_number: string; full_name: string; bvn: string }>(
      `select bank, account_number, full_name, bvn from records order by natural_key`,
    );
    return r.rows;
  });
  const codes = bankCodesOf(BANKS);
  for (const bank of BANKS) if (!codes[bank]) throw new Error(`no CBN code for ${bank}`);
  const lines = ['bankCode,accountNumber,status,accountName,bvn'];
  rows.forEach((r, i) => {
    const code = codes[r.bank]!;
    if (i % 50 === 1) return;
    if (i % 100 === 2) return void lines.push(`${code},${r.account_number},CLOSED,,`);
    const name = i % 100 < 6 && i % 100 >= 3 ? rows[(i + 7777) % rows.length]!.full_name : r.full_name;
    const bvn = i % 200 === 5 ? '22999999999' : i % 2 === 0 ? r.bvn : '';
    lines.push(`${code},${r.account_number},FOUND,${name.toUpperCase()},${bvn}`);
  });
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return rows.length;
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return 0;
  }
}

/** The cluster's server processes: its postmaster (postmaster.pid) and the processes it started. */
async function postgresPids(url: string): Promise<number[]> {
  const dataDir = await withClient(
    url,
    async (c) => (await c.query<{ d: string }>(`select current_setting('data_directory') as d`)).rows[0]!.d,
  );
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return (
          Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster
        );
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** CPU seconds of each of `pids` groups between now and `done()`. */
function cpuMeter(groups: Record<string, () => number[]>) {
  const sum = (pids: number[]) => pids.reduce((s, pid) => s + cpuSeconds(pid), 0);
  const before = Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, sum(pids())]));
  return () =>
    Object.entries(groups)
      .map(([k, pids]) => `${k} ${(sum(pids()) - before[k]!).toFixed(1)} s`)
      .join(', ');
}

interface Job {
  id: string;
  status: string;
  totalRecords: number;
  processedRecords: number;
  successfullyVerifiedRecords: number;
  mismatchedRecords: number;
  notFoundRecords: number;
  failedRecords: number;
  message?: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * Waits until nothing of the portal's runs beside what is measured next: no integrity evaluation or
 * table upkeep queued or running (pg-boss's jobs), no vacuum of the records.
 */
async function quiet(url: string): Promise<number> {
  const t0 = performance.now();
  await withClient(url, async (client) => {
    for (;;) {
      const r = await client.query<{ n: number }>(
        `select (select count(*)::int from pgboss.job where name in ('integrity.evaluate', 'records.maintain')
            and state in ('created', 'retry', 'active') and start_after <= now())
          + (select count(*)::int from pg_stat_progress_vacuum) as n`,
      );
      if (r.rows[0]!.n === 0) return;
      await new Promise((res) => setTimeout(res, 250));
    }
  });
  return seconds(t0);
}

/**
 * Where the job's span went: from its start (started_at, the start of the transaction that lists its
 * records) to the first and last chunks' answers committed (checked_at, each commit's transaction
 * start) and its end. The first commit comes after the listing and the first chunk's lookups.
 */
async function timeline(url: string, job: Job): Promise<string> {
  const r = await withClient(url, async (c) => {
    await c.query(`select set_config('app.tenant_id', 'platform', false)`);
    return (
      await c.query<{ first: number; last: number; commits: number }>(
        `select extract(epoch from min(a.checked_at) - j.started_at)::float8 as first,
           extract(epoch from max(a.checked_at) - j.started_at)::float8 as last,
           count(distinct a.checked_at)::int as commits
         from bulk_jobs j join account_checks a on a.job_id = j.id where j.id = $1 group by j.id`,
        [job.id],
      )
    ).rows[0]!;
  });
  const span = (Date.parse(job.finishedAt!) - Date.parse(job.startedAt!)) / 1000;
  const at = (t: number) => `+${t.toFixed(2)} s`;
  return (
    `timeline from started: first chunk's answers committed ${at(r.first)}, ` +
    `last ${at(r.last)} (${r.commits} commits), finished ${at(span)}`
  );
}

/** BENCH_PGSS=1: the cluster loads pg_stat_statements, and the check prints its statements by time. */
const STATEMENTS = Boolean(process.env.BENCH_PGSS);

async function resetStatements(url: string) {
  await withClient(url, async (c) => {
    await c.query('create extension if not exists pg_stat_statements');
    await c.query('select pg_stat_statements_reset()');
  });
}

/** PostgreSQL's statements during the check, the longest first (their time in the executor). */
async function printStatements(url: string) {
  await withClient(url, async (c) => {
    const r = await c.query<{ ms: number; calls: number; per: string; rows: number; q: string }>(
      `select round(total_exec_time)::int as ms, calls, round((total_exec_time / greatest(calls, 1))::numeric, 2) as per,
         rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as q
       from pg_stat_statements order by total_exec_time desc limit 12`,
    );
    console.log("  PostgreSQL's statements during the check (pg_stat_statements, time in the executor):");
    for (const x of r.rows)
      console.log(`    ${x.ms} ms in ${x.calls} calls (${x.per} ms each, ${x.rows} rows): ${x.q}`);
  });
}

/** The simulator's throughput in records/s: autocannon POSTs full batches (100 accounts). */
async function simulatorCapacity(simUrl: string, accountsFile: string) {
  const tokenRes = await fetch(`${simUrl}${NAME_ENQUIRY_PATHS.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ACCOUNT_CREDENTIALS),
  });
  const { accessToken } = (await tokenRes.json()) as { accessToken: string };
  // A spread of the accounts (FOUND, CLOSED and unknown ones alike), as the portal asks them.
  const all = fs.readFileSync(accountsFile, 'utf8').trim().split('\n').slice(1);
  const items = Array.from({ length: NAME_ENQUIRY_BATCH_MAX }, (_, i) => {
    const [bankCode, accountNumber] = all[(i * 97) % all.length]!.split(',');
    return { bankCode: bankCode!, accountNumber: i % 50 === 1 ? '9999999999' : accountNumber! };
  });
  const r = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: `${simUrl}${NAME_ENQUIRY_PATHS.batch}`,
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ items }),
        connections: CONCURRENCY,
        duration: 10,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
  if (r.non2xx > 0) throw new Error(`simulator answered ${r.non2xx} non-2xx`);
  return { recordsPerSecond: r.requests.average * NAME_ENQUIRY_BATCH_MAX, latencyP50: r.latency.p50 };
}

async function accountCheck(cluster: Cluster, dir: string) {
  const url = await createDatabase(cluster, 'accounts');
  const profileDir = PROFILE ? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prof-')) : undefined;
  const { portal, token } = await startSeededPortal(
    url,
    { VERIFY_CONCURRENCY: String(CONCURRENCY) },
    profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {},
  );
  let sim: Awaited<ReturnType<typeof startAccountSimulator>> | undefined;
  let checkWindow: { from: number; to: number } | undefined;
  try {
    const tenantId = await withClient(
      url,
      async (c) =>
        (await c.query<{ id: string }>(`select id from tenants where subdomain = 'demo'`)).rows[0]!.id,
    );
    const t0 = performance.now();
    await seedPayroll(url, tenantId, 0, CHECK_RECORDS);
    console.log(`wrote ${count(CHECK_RECORDS)} records in SQL in ${seconds(t0).toFixed(1)} s`);
    const accountsFile = path.join(dir, 'accounts.csv');
    await writeAccountsFile(url, accountsFile);
    sim = await startAccountSimulator({ accountsFile, latencyMs: LATENCY_MS });
    await pointDemoTenantAccountsAt(portal.base, sim.url);
    const auth = { authorization: `Bearer ${token}`, ...csrfHeaders };
    await quiet(url);
    if (STATEMENTS) await resetStatements(url);
    // The CPU each party used during the check: on 2 cores, the portal, PostgreSQL and the
    // simulator share what the simulator has alone when its capacity is measured.
    const pgPids = await postgresPids(url);
    const cpu = cpuMeter({
      portal: () => [portal.child.pid!],
      simulator: () => [sim!.pid],
      PostgreSQL: () => pgPids,
    });
    const started = performance.now();
    const res = await fetch(`${portal.base}/api/v1/records/account-check`, { method: 'POST', headers: auth });
    if (!res.ok) throw new Error(`account-check: ${res.status} ${await res.text()}`);
    let job: Job | undefined;
    for (;;) {
      await new Promise((r) => setTimeout(r, 50));
      const jobs = (await (
        await fetch(`${portal.base}/api/v1/account-check-jobs`, { headers: auth })
      ).json()) as Job[] | { items: Job[] };
      job = (Array.isArray(jobs) ? jobs : jobs.items)[0];
      if (job && (job.status === 'COMPLETED' || job.status === 'FAILED')) break;
    }
    const wall = seconds(started);
    const cpuUsed = cpu();
    if (STATEMENTS) await printStatements(url);
    checkWindow = { from: Date.now() - wall * 1000, to: Date.now() };
    if (job.status !== 'COMPLETED') throw new Error(`account check ${job.status}: ${job.message}`);
    const rate = job.totalRecords / wall;
    say(
      `account check of ${count(job.totalRecords)} records at ${LATENCY_MS} ms latency, lookup concurrency ${CONCURRENCY}: ` +
        `${wall.toFixed(1)} s (ask → COMPLETED), ${count(Math.round(rate))} records/s; found ${count(job.successfullyVerifiedRecords)}, ` +
        `another name ${count(job.mismatchedRecords)}, not found or closed ${count(job.notFoundRecords)}, failed ${count(job.failedRecords)}; ` +
        `load average ${loadAverage()}`,
    );
    // The job's own span (its start, after the worker took it and listed its records, to its end),
    // without the queue's pick-up and the polling of its state.
    const span = (Date.parse(job.finishedAt!) - Date.parse(job.startedAt!)) / 1000;
    const queued = (Date.parse(job.startedAt!) - Date.parse(job.createdAt)) / 1000;
    say(
      `  the job's own span (started → finished): ${span.toFixed(1)} s, ${count(Math.round(job.totalRecords / span))} records/s; ` +
        `asked → started ${queued.toFixed(1)} s`,
    );
    say(`  CPU used during the check: ${cpuUsed}`);
    say(`  ${await timeline(url, job)}`);
    // The evaluation the job asked for ends before the simulator is measured alone.
    await quiet(url);
    const simCpu = cpuMeter({ simulator: () => [sim!.pid] });
    const capacity = await simulatorCapacity(sim.url, accountsFile);
    const simCpuUsed = simCpu();
    const ratio = rate / capacity.recordsPerSecond;
    say(
      `account simulator capacity, autocannon at ${NAME_ENQUIRY_PATHS.batch} (${NAME_ENQUIRY_BATCH_MAX} per request, ${CONCURRENCY} connections): ` +
        `${count(Math.round(capacity.recordsPerSecond))} records/s (p50 ${capacity.latencyP50} ms); ` +
        `portal ÷ simulator ${(100 * ratio).toFixed(0)}% (target ≥ ${100 * CHECK_TARGET}%: ${ratio >= CHECK_TARGET ? 'met' : 'NOT met'}; ` +
        `the job's own span ÷ simulator ${((100 * job.totalRecords) / span / capacity.recordsPerSecond).toFixed(0)}%); ` +
        `load average ${loadAverage()}`,
    );
    say(`  CPU used by the simulator alone over the 10 s of its capacity's measure: ${simCpuUsed}`);
  } finally {
    await sim?.stop();
    await portal.stop();
    if (profileDir) {
      const stoppedAt = Date.now();
      // The main thread's profile over the check's window: where the portal's CPU goes.
      for (const file of fs.readdirSync(profileDir).filter((f) => /\.0\.\d+\.cpuprofile$/.test(f))) {
        const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
        if (checkWindow) {
          console.log(`CPU profile of the portal's main thread during the check:`);
          console.log(
            summariseProfile(profile, stoppedAt - checkWindow.from, stoppedAt - checkWindow.to, 25),
          );
        }
      }
      fs.rmSync(profileDir, { recursive: true, force: true });
    }
  }
}

/** Sets the cross-tenant index's triggers on the records on or off (the cluster's superuser). */
const CT_TRIGGERS = ['records_cross_tenant_stale_insert', 'records_cross_tenant_stale_update'];
async function setIndexTriggers(url: string, on: boolean) {
  await withClient(url, async (c) => {
    for (const t of CT_TRIGGERS)
      await c.query(`alter table records ${on ? 'enable' : 'disable'} trigger ${t}`);
  });
}

async function crossTenantIndex(cluster: Cluster, dir: string) {
  const url = await createDatabase(cluster, 'xtenant');
  // The demo tenant and two more, made by the portal (the schema, the tenants' rows and settings).
  const first = await startSeededPortal(url);
  await newTenantAdmin(first.portal.base);
  await newTenantAdmin(first.portal.base);
  await first.portal.stop();
  const tenants = await withClient(url, async (c) =>
    (await c.query<{ id: string }>(`select id from tenants order by created_at`)).rows.map((r) => r.id),
  );
  if (tenants.length !== TENANTS) throw new Error(`expected ${TENANTS} tenants, found ${tenants.length}`);
  // The records as they stood before migration 0057 (no index, nothing stale): written without
  // the index's triggers, which are then on again.
  await setIndexTriggers(url, false);
  const t0 = performance.now();
  for (const [k, tenantId] of tenants.entries()) await seedPayroll(url, tenantId, k, TENANT_RECORDS);
  await setIndexTriggers(url, true);
  await withClient(url, async (c) => {
    await c.query('truncate cross_tenant_index, cross_tenant_stale');
    await c.query('delete from cross_tenant_index_key');
    await c.query('checkpoint');
  });
  console.log(`wrote ${TENANTS} × ${count(TENANT_RECORDS)} records in SQL in ${seconds(t0).toFixed(1)} s`);

  // As a start under a new key builds it (portal.ts): ensureKey marks the index to be built again,
  // then each tenant's evaluation syncs (one at a time: the sync's lock), the first one rebuilding
  // the whole index (DECISIONS 284). The portal's own pool and repository, as its role (row-level
  // security on), from this process.
  const keyMaterial = 'bench-cross-tenant-key';
  const key = crossTenantKey(deriveKeys('unused', undefined, keyMaterial).crossTenant);
  const db = await openDatabase({ databaseUrl: appRoleUrl(url), dataDir: dir, poolSize: 2 });
  const index = new CrossTenantIndexRepo(db.orm, key);
  try {
    const built = performance.now();
    let t = performance.now();
    const marked = await index.ensureKey();
    const steps = [`ensureKey (the index marked to be built again) ${seconds(t).toFixed(2)} s`];
    for (const [k, tenantId] of tenants.entries()) {
      t = performance.now();
      await index.sync(tenantScope(tenantId));
      steps.push(`sync of tenant ${k + 1} ${seconds(t).toFixed(2)} s`);
    }
    const total = seconds(built);
    const size = await withClient(url, async (c) => {
      const r = await c.query<{ n: string; mib: string }>(
        `select (select count(*) from cross_tenant_index) as n, pg_total_relation_size('cross_tenant_index') / 1048576 as mib`,
      );
      return r.rows[0]!;
    });
    if (marked.length !== TENANTS) throw new Error(`ensureKey answered ${marked.length} tenants`);
    say(
      `cross-tenant index built from nothing over ${TENANTS} tenants × ${count(TENANT_RECORDS)} records: ${total.toFixed(1)} s ` +
        `(target ≤ ${BUILD_TARGET_S} s: ${total <= BUILD_TARGET_S ? 'met' : 'NOT met'}); ${count(Number(size.n))} digests, ${size.mib} MiB with its indexes; ` +
        `load average ${loadAverage()}`,
    );
    say(`  ${steps.join('; ')}`);

    // Uploads into new tenants beside the 3,000,000 records, with and without the index's triggers.
    const csv = path.join(dir, 'upload.csv');
    writeMasterListsApart({ csv: [[csv, UPLOAD_ROWS]] });
    const { portal } = await startSeededPortal(url, { CROSS_TENANT_KEY: keyMaterial });
    try {
      const waited = await quiet(url);
      console.log(`portal started; waited ${waited.toFixed(1)} s for its queued work`);
      const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
      const offTenants: string[] = [];
      for (let i = 0; i < UPLOAD_RUNS; i++) {
        for (const mode of i % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
          await setIndexTriggers(url, mode === 'on');
          const admin = await newTenantAdmin(portal.base);
          await quiet(url);
          const up = await upload(portal.base, admin, csv);
          if (up.summary.newRecordsCreated !== UPLOAD_ROWS)
            throw new Error(`upload created ${up.summary.newRecordsCreated}`);
          times[mode].push(up.seconds);
          console.log(
            `  upload of ${count(UPLOAD_ROWS)} rows, index triggers ${mode}: ${up.seconds.toFixed(2)} s`,
          );
          if (mode === 'off')
            offTenants.push(
              await withClient(
                url,
                async (c) =>
                  (await c.query<{ id: string }>(`select id from tenants order by created_at desc limit 1`))
                    .rows[0]!.id,
              ),
            );
          await quiet(url);
        }
      }
      await setIndexTriggers(url, true);
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const on = median(times.on);
      const off = median(times.off);
      say(
        `upload of ${count(UPLOAD_ROWS)} rows into a new tenant beside ${count(TENANTS * TENANT_RECORDS)} indexed records, median of ${UPLOAD_RUNS}: ` +
          `with the index's triggers ${on.toFixed(2)} s, without (today's upload) ${off.toFixed(2)} s: ` +
          `${(on / off).toFixed(2)}× (target ≤ ${UPLOAD_RATIO_TARGET}×: ${on / off <= UPLOAD_RATIO_TARGET ? 'met' : 'NOT met'}); ` +
          `runs on ${times.on.map((s) => s.toFixed(2)).join(', ')}, off ${times.off.map((s) => s.toFixed(2)).join(', ')}; ` +
          `load average ${loadAverage()}`,
      );
      // The sync the evaluation after such an upload pays: a tenant uploaded without the triggers,
      // its records marked stale as the trigger would have marked them, synced by the repository.
      const tenant = offTenants[0]!;
      await withClient(url, (c) =>
        c.query(
          `insert into cross_tenant_stale (record_id, owner_tenant_id)
           select id, tenant_id from records where tenant_id = $1 on conflict do nothing`,
          [tenant],
        ),
      );
      t = performance.now();
      const others = await index.sync(tenantScope(tenant));
      say(
        `  the sync the evaluation after that upload pays (${count(UPLOAD_ROWS)} records stale): ${seconds(t).toFixed(2)} s ` +
          `(${others.length} other tenants sharing a digest asked to evaluate again)`,
      );
    } finally {
      await portal.stop();
    }
  } finally {
    await db.close();
  }
}

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
say(`commit ${commit}; started ${new Date().toISOString()}, load average ${loadAverage()}`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-accounts-'));
const cluster = await startBenchCluster();
try {
  if (ONLY !== 'index') await accountCheck(cluster, dir);
  if (ONLY !== 'check') await crossTenantIndex(cluster, dir);
} finally {
  cluster.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
say(`ended ${new Date().toISOString()}, load average ${loadAverage()}`);
console.log('\nSummary\n' + results.join('\n'));
