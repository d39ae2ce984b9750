// The payroll integrity rules (issues #21 and #35) over 1,000,000 records on PostgreSQL: the three HR
// lists beside the master list (a separations list of 100,000 of the records' people, a nominal
// roll of 1,000,000 rows over 19 of the 20 ministries, the full salary table), uploaded through the
// portal's API as a tenant admin, and six months of approved payroll exports; the evaluation each
// list's upload asks for (its own rule's step alone, DECISIONS 304: the run that raises that list's
// flags), then every rule's, run by the portal's own job on demand (as POST /integrity/evaluate
// asks for it), with each step's time; the summary call under 20 concurrent connections
// (autocannon), with the reviewer's summary (counted live within their assignments) and a page of flags for comparison; the flags list
// searched (q, issue #17 item 7) by a surname's start and a PSN's start, for the tenant admin and the
// reviewer. Then each list's upload of 1,000,000 rows timed against psql \copy of the rows it wrote
// into its indexed twin (the nominal roll's is the one above; the separations list and a synthetic
// salary table of 1,000,000 rows go to a second tenant, so that the rules' data stays as it is).
// Targets: all rules ≤ 15 s; the summary call's and the flags searches' p95 ≤ 100 ms; each list's
// upload ≤ 1.5× its indexed twin's \copy.
// Run: npm run bench:integrity  (BENCH_RECORDS to change the count, the lists following it: a tenth
// as many separations, as many roll rows; BENCH_LIST_ROWS the rows of the second tenant's uploads
// (default BENCH_RECORDS); BENCH_SECONDS the duration of a load run; BENCH_ONLY=search to load only
// the cases whose label holds 'search'; BENCH_LISTS=rules to leave out the second tenant's uploads,
// BENCH_LISTS=none to upload no list; BENCH_PROFILE=1 to run the portal under --cpu-prof and print
// where each list upload's time went, with the plans of statements of BENCH_EXPLAIN_MS or more,
// default 1000; BENCH_HOLD=1 to keep the database up at the end, its URL printed, until SIGUSR2)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { HrListState, HrListUploadSummary } from '@portal/contract/hr-lists';
import type { IntegritySummary } from '@portal/contract/integrity';
import { codeWeight } from '@portal/contract/nuban';
import { HR_LISTS_ROUTES } from '@portal/contract/routes/hr-lists';
import { nominalRollList } from '../apps/server/src/modules/hr-lists/nominal-roll-list.ts';
import { salaryTableList } from '../apps/server/src/modules/hr-lists/salary-table-list.ts';
import { separationsList } from '../apps/server/src/modules/hr-lists/separations-list.ts';
import { RULE_STEPS } from '../apps/server/src/modules/integrity/rules.repo.ts';
import type { ListKind } from '../apps/server/src/modules/records/parse/list-kind.ts';
import { readUpload, warmIngestWorker } from '../apps/server/src/modules/records/parse/read-upload.ts';
import { summariseProfile, type CpuProfile } from './lib/cpu-profile.ts';
import {
  copyIntoBare,
  copyIntoIndexedTwin,
  quiesce,
  GRADES,
  maxKoboSql,
  ROLLED_MINISTRIES,
  seedPayrollExports,
  STEPS,
  STRUCTURES,
  TODAY_SQL,
  writeLargeSalaryTable,
  writeNominalRoll,
  writeSalaryTable,
  writeSeparations,
  writeSeparationsOfRecords,
} from './lib/hr-lists.ts';
import {
  createDatabase,
  describeLoad,
  load,
  MINISTRY_COUNT,
  seedRecords,
  startBenchCluster,
  startSeededPortal,
} from './lib/million.ts';
import { csrfHeaders, login, newTenantAdmin, upload } from './lib/portal-process.ts';

const COUNT = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LISTS = process.env.BENCH_LISTS ?? 'all';
if (!['all', 'rules', 'none'].includes(LISTS)) throw new Error('BENCH_LISTS is all, rules or none');
/** The separations list of the rules: a tenth of the records' people (100,000 of 1,000,000). */
const SEPARATIONS = Math.round(COUNT / 10);
/** The nominal roll's rows, as many as the records. */
const ROLL_ROWS = COUNT;
/** The second tenant's uploads of the separations list and the salary table. */
const LARGE_ROWS = Number(process.env.BENCH_LIST_ROWS ?? COUNT);
const PROFILE = process.env.BENCH_PROFILE === '1';
/** Under BENCH_PROFILE=1, the statements whose plans are logged: this many ms or more. */
const EXPLAIN_MS = Number(process.env.BENCH_EXPLAIN_MS ?? 1000);
/** BENCH_HOLD=1: keep the database up at the end (its URL printed) until SIGUSR2, to query it. */
const HOLD = process.env.BENCH_HOLD === '1';
const CONNECTIONS = 20;
const EVALUATION_TARGET_S = 15;
const UPLOAD_RATIO_TARGET = 1.5;
const SUMMARY_TARGET_MS = 100;

/**
 * The payroll columns of the seeded records, and anomalies in realistic shares (hashed over the
 * record's number, independently of its state): about 1% past 60 (the seeded birth dates run
 * 1970–2002), 0.5% past 35 years of service, 0.2% appointed under 18, 0.1% placeholder birth
 * dates (the birth-date rules overlap, as they do in real lists), 0.2% first appointed in the
 * future (the others at least 30 days ago); 0.6% of the records share a bank account (groups of
 * three, the bank written two ways within a group: GTBank and Guaranty Trust Bank Plc, UBA and
 * United Bank for Africa, …), 0.6% a BVN and 0.4% a NIN (pairs); about 2% without pay; every
 * account number a valid NUBAN at its bank but 0.1% (a check digit one off: issue #36).
 * The salary scale (issue #35): each department's structure (STRUCTURES in turn), a step 1–15, the
 * salary grade id written three ways ('CONHESS-08-10', 'CONHESS 08/10', 'GL08/S10'; 1% an old id
 * that names no step, 'SG12', which PAY_ABOVE_SCALE cannot read); the pay 75–100% of the table's
 * maximum, 0.8% above it by up to ₦50,000, 0.1% exactly at it and 0.1% a kobo above.
 */
/** The code weights (contract's nuban.ts) of the banks written below, in their order: Access, GTB, Zenith, UBA, First. */
const BANK_CODE_WEIGHTS = ['044', '058', '057', '033', '011'].map(codeWeight);
/** The serial's part of the NUBAN sum of r.s9 (weights 3,7,3,…). */
const SERIAL_SUM = [3, 7, 3, 3, 7, 3, 3, 7, 3]
  .map((w, i) => `${w} * substr(r.s9, ${i + 1}, 1)::int`)
  .join(' + ');

async function addPayroll(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const h = (salt: number) => `abs(hashint4(n + ${salt})) % 1000`;
    const gg = "lpad(r.grade::text, 2, '0')";
    const ss = "lpad(r.step::text, 2, '0')";
    await client.query(`
      with k as (
        select x.id, substr(x.natural_key, 4)::int as n, substring(d.name from '[0-9]+$')::int % ${STRUCTURES.length} as si,
          substring(x.grade_level from '[0-9]+')::int as grade, 1 + abs(hashint4(substr(x.natural_key, 4)::int + 20)) % ${STEPS} as step
        from records x join departments d on d.id = x.department_id
      ),
      r as (select k.*, (array['${STRUCTURES.join("','")}'])[1 + k.si] as structure,
        ${maxKoboSql('k.si', 'k.grade', 'k.step')} as mx,
        case when k.n % 1000 < 6 then lpad((k.n / 3)::text, 9, '0')
          else lpad((100000000 + k.n::bigint * 7)::text, 9, '0') end as s9 from k)
      update records x set
        date_of_birth = case
          when ${h(11)} < 10 then date '1950-01-01' + (r.n % 5000)
          when ${h(11)} = 10 then date '1900-01-01'
          else x.date_of_birth end,
        date_of_first_appointment = case
          when ${h(19)} < 2 then ${TODAY_SQL} + 1 + (r.n % 700)
          when ${h(11)} < 10 then date '1976-01-01' + (r.n % 3000)
          when ${h(12)} < 5 then date '1984-01-01' + (r.n % 2000)
          when ${h(12)} < 7 then x.date_of_birth + interval '16 years'
          else least(x.date_of_birth + interval '22 years' + (r.n % 2500) * interval '1 day',
            ${TODAY_SQL} - 30 - (r.n % 1000)) end,
        -- A group's records (consecutive numbers) share the bank, written two ways for GTB and UBA.
        bank = (array['Access Bank','Access Bank Plc','GTBank','Guaranty Trust Bank Plc','Zenith Bank','ZENITH BANK',
          'UBA','United Bank for Africa','First Bank of Nigeria','FirstBank'])[1 + ((r.n / 3) % 5) * 2 + r.n % 2],
        -- A valid NUBAN at the record's bank (issue #36: the bank's code weight, then the serial's),
        -- except 0.1% whose check digit is one off: INVALID_ACCOUNT_NUMBER's share.
        account_number = r.s9 || ((10 - ((array[${BANK_CODE_WEIGHTS.join(',')}])[1 + (r.n / 3) % 5] + ${SERIAL_SUM}) % 10
          + case when r.n % 1000 >= 6 and ${h(27)} = 0 then 1 else 0 end) % 10)::text,
        bvn = case when r.n % 1000 between 500 and 505 then '22' || lpad((r.n / 2)::text, 9, '0')
          else '23' || lpad(r.n::text, 9, '0') end,
        nin = case when r.n % 1000 between 700 and 703 then (30000000000 + r.n / 2)::text else x.nin end,
        salary_structure = r.structure,
        salary_grade_id = case when ${h(24)} < 10 then 'SG' || (r.n % 40)
          when r.n % 3 = 0 then r.structure || '-' || ${gg} || '-' || ${ss}
          when r.n % 3 = 1 then r.structure || ' ' || ${gg} || '/' || ${ss}
          else 'GL' || ${gg} || '/S' || ${ss} end,
        monthly_gross_kobo = case when ${h(17)} < 20 then null
          when ${h(23)} < 8 then r.mx + 1 + abs(hashint4(r.n + 25)) % 5000000
          when ${h(23)} = 8 then r.mx
          when ${h(23)} = 9 then r.mx + 1
          else r.mx - 1 - r.mx * (abs(hashint4(r.n + 26)) % 250) / 1000 end
      from r where x.id = r.id`);
    await client.query('vacuum analyze records');
    // The update wrote a new version of every record (about 1 GB of WAL): flushed now, so that its
    // checkpoint does not compete with the first evaluation measured.
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

/**
 * Step labels of an evaluation as its progress counts them: the steps run two at a time
 * (evaluate.ts), so the n-th to end is not the n-th of RULE_STEPS (bench/integrity-steps.ts times
 * each step alone); then the figures.
 */
const STEP_LABELS = [...RULE_STEPS.map((_, i) => `#${i + 1}`), 'figures'];
/** The same for a run of `total` progress counts (its steps and the figures; DECISIONS 273, 304). */
const stepLabels = (total: number) =>
  total === STEP_LABELS.length ? STEP_LABELS : [...STEP_LABELS.slice(0, total - 1), 'figures'];
const naira = (n: number) =>
  `₦${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Samples what the portal's connections run in PostgreSQL every 100 ms (pg_stat_activity), so that
 * an upload's database time can be told by statement; `stop()` lists the statements by samples.
 */
function sampleStatements(databaseUrl: string): { stop(): Promise<string> } {
  const client = new pg.Client({ connectionString: databaseUrl });
  const seen = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const r = await client.query<{ q: string }>(
        `select regexp_replace(left(query, 400), '\\s+', ' ', 'g') as q from pg_stat_activity
         where usename = 'portal_app' and state = 'active' and pid <> pg_backend_pid()`,
      );
      samples++;
      for (const { q } of r.rows) {
        const key = q.replace(/\$\d+/g, '$').slice(0, 110);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      await new Promise((res) => setTimeout(res, 100));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const lines = [`  ${samples} samples of the portal's statements (100 ms apart), by samples:`];
      for (const [q, n] of [...seen].sort((a, b) => b[1] - a[1]).slice(0, 8))
        lines.push(`    ${String(n).padStart(5)}  ${q}`);
      return lines.join('\n');
    },
  };
}

/**
 * Makes PostgreSQL log the plan of every statement of the portal's role that runs 1 s or more, with
 * its triggers' times (auto_explain, from the portal's next connections); returns the log's path.
 */
async function explainSlowStatements(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const setting of [
      "session_preload_libraries = 'auto_explain'",
      `auto_explain.log_min_duration = '${EXPLAIN_MS}ms'`,
      'auto_explain.log_analyze = on',
      'auto_explain.log_triggers = on',
      'auto_explain.log_nested_statements = on',
    ])
      await client.query(`alter role portal_app set ${setting}`);
    const r = await client.query<{ d: string }>(`select current_setting('data_directory') as d`);
    // pg-cluster.mjs starts the server with its log beside the data directory.
    return path.join(path.dirname(r.rows[0]!.d), 'server.log');
  } finally {
    await client.end();
  }
}

/** Each logged plan's duration, the first line of its statement, and its triggers' times. */
function explainedStatements(logFile: string): string {
  const lines: string[] = [];
  let statement: string | undefined;
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    const duration = /duration: ([\d.]+) ms\s+plan:/.exec(line);
    if (duration) {
      statement = `  ${(Number(duration[1]) / 1000).toFixed(2)} s`;
      continue;
    }
    const text = /^\s*Query Text:\s*(.*)$/.exec(line);
    if (statement && (text ? text[1]!.trim() : line.trim())) {
      lines.push(`${statement}  ${(text ? text[1]! : line).trim().slice(0, 110)}`);
      statement = undefined;
      continue;
    }
    const trigger = /Trigger for constraint (\S+).*time=([\d.]+) calls=(\d+)/.exec(line);
    if (trigger)
      lines.push(
        `      its check ${trigger[1]}: ${(Number(trigger[2]) / 1000).toFixed(2)} s, ${trigger[3]} rows`,
      );
  }
  return lines.join('\n');
}

/**
 * The seconds the portal's own reader takes over a list's file alone (its worker thread: read,
 * checked, normalised and written as COPY text), without the database: the parse's share of an
 * upload. The worker is not in the portal's CPU profile (it is started without --cpu-prof).
 */
async function parseAlone(file: string, route: string): Promise<number> {
  const kind = {
    [HR_LISTS_ROUTES.uploadSeparations.path]: separationsList,
    [HR_LISTS_ROUTES.uploadNominalRoll.path]: nominalRollList,
    [HR_LISTS_ROUTES.uploadSalaryTable.path]: salaryTableList,
  }[route] as ListKind<string, unknown, unknown>;
  const limits = {
    maxUncompressedBytes: 2 ** 31,
    workerMaxMemoryMb: 1024,
    workerTimeoutMs: 900_000,
    batchRows: 3_000,
  };
  // A worker with its code loaded, as the portal keeps one ready: its start is not the parse's.
  await warmIngestWorker(limits.workerMaxMemoryMb);
  const t0 = performance.now();
  for await (const batch of readUpload(file, path.basename(file), limits, kind))
    if (batch.errors.length) throw new Error(`${file}: row errors, e.g. ${JSON.stringify(batch.errors[0])}`);
  return (performance.now() - t0) / 1000;
}

const cluster = await startBenchCluster();
const results: string[] = [];
const say = (line: string) => {
  results.push(line);
  console.log(line);
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-integrity-'));
const profileDir = PROFILE ? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prof-')) : undefined;
/** Each list upload's wall-clock window, for the CPU profile. */
const uploadWindows: { label: string; from: number; to: number }[] = [];
try {
  const url = await createDatabase(cluster, 'integrity');
  const first = await startSeededPortal(url);
  await first.portal.stop();
  let started = performance.now();
  const { tenantId } = await seedRecords(url, COUNT);
  await addPayroll(url);
  console.log(
    `seeded ${COUNT} records with payroll columns in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const files = {
    separations: path.join(dir, 'separations.csv'),
    roll: path.join(dir, 'nominal-roll.csv'),
    salary: path.join(dir, 'salary-table.csv'),
    largeSeparations: path.join(dir, 'separations-large.csv'),
    largeSalary: path.join(dir, 'salary-table-large.csv'),
  };
  if (LISTS !== 'none') {
    started = performance.now();
    const carried = await seedPayrollExports(url, tenantId);
    writeSeparationsOfRecords(url, tenantId, SEPARATIONS, files.separations);
    writeNominalRoll(url, tenantId, ROLL_ROWS, files.roll);
    writeSalaryTable(url, files.salary);
    if (LISTS === 'all') {
      writeSeparations(url, LARGE_ROWS, files.largeSeparations);
      writeLargeSalaryTable(url, LARGE_ROWS, files.largeSalary);
    }
    console.log(
      `6 approved monthly exports of ${count(carried)} records each, and the lists' files written, in ${((performance.now() - started) / 1000).toFixed(1)} s (${dir})`,
    );
  }

  const serverLog = PROFILE ? await explainSlowStatements(url) : undefined;
  const { portal, token } = await startSeededPortal(
    url,
    {},
    profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {},
  );
  let stoppedAt = 0;
  const jobsDb = new pg.Client({ connectionString: url });
  await jobsDb.connect();
  try {
    const api = async <T>(method: 'GET' | 'POST', route: string, t = token): Promise<T> => {
      const res = await fetch(`${portal.base}${route}`, {
        method,
        headers: { authorization: `Bearer ${t}`, ...(method === 'POST' ? csrfHeaders : {}) },
      });
      if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    /**
     * Waits until the summary says a run ended after `since` (ISO), noting when each step ended (the
     * run's progress, read every 50 ms): the seconds from `t0` and each step's share.
     */
    const runEnded = async (since: string, t0: number, t = token) => {
      let stepEnds = new Map<number, number>();
      let running: number | undefined;
      let lastDone = 0;
      let runs = 0;
      let total = STEP_LABELS.length;
      for (;;) {
        const summary = await api<IntegritySummary>('GET', '/api/v1/integrity/summary', t);
        if (summary.status === 'CURRENT' && summary.evaluatedAt && summary.evaluatedAt > since) {
          const end = performance.now();
          stepEnds.set(total, end);
          const labels = stepLabels(total);
          // Until the job was seen running (queued, or a run before it), then each step of the last run.
          let prev = running ?? t0;
          let prevDone = 0;
          const parts =
            running !== undefined ? [`(before the run) ${((running - t0) / 1000).toFixed(2)}`] : [];
          for (const [done, at] of [...stepEnds].sort((a, b) => a[0] - b[0])) {
            parts.push(`${labels.slice(prevDone, done).join('+')} ${((at - prev) / 1000).toFixed(2)}`);
            prev = at;
            prevDone = done;
          }
          if (runs > 1) parts.push(`(${runs} runs seen: the steps are the last's)`);
          return { seconds: (end - t0) / 1000, summary, steps: parts.join(', '), stepCount: total - 1 };
        }
        if (summary.status === 'RUNNING') {
          const done = summary.progress?.done ?? 0;
          // A run that starts over (a change arrived during it), or a second run after the first.
          if (running === undefined || done < lastDone) {
            running = performance.now();
            stepEnds = new Map();
            runs++;
          }
          lastDone = done;
          total = summary.progress?.total ?? total;
          if (done > 0 && !stepEnds.has(done)) stepEnds.set(done, performance.now());
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    /** Asks for an evaluation and waits until the summary says a run ended after the ask. */
    const evaluate = async () => {
      await settle();
      const asked = new Date().toISOString();
      const t0 = performance.now();
      await api('POST', '/api/v1/integrity/evaluate');
      return runEnded(asked, t0);
    };
    /**
     * Waits until the tenant has no evaluation queued or running (pg-boss's jobs, read from the
     * database: a summary that reads CURRENT may have another run queued behind it, which the next
     * measure would then wait for) and its summary reads CURRENT.
     */
    const settle = async (t = token, tenant = tenantId) => {
      for (;;) {
        const pending = await jobsDb.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name = 'integrity.evaluate'
             and state in ('created', 'retry', 'active') and data::text like '%' || $1 || '%'`,
          [tenant],
        );
        const s = await api<IntegritySummary>('GET', '/api/v1/integrity/summary', t);
        if (pending.rows[0]!.n === 0 && s.status === 'CURRENT') return;
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const evaluations: number[] = [];
    /**
     * Uploads a list over HTTP as the tenant admin, timed (with the portal's statements sampled and
     * its CPU profile windowed under BENCH_PROFILE=1); then waits for the evaluation the upload asked
     * for, timed from the upload's answer when `timeRun`.
     */
    const uploadList = async (
      label: string,
      route: string,
      file: string,
      opts: { t?: string; tenant?: string; fields?: Record<string, string>; timeRun?: boolean } = {},
    ) => {
      // Nothing else of the tenant's runs beside the upload measured, nor the background work of
      // what came before it (quiesce: as before its twin's \copy).
      await settle(opts.t, opts.tenant);
      quiesce(url);
      const sampler = PROFILE ? sampleStatements(url) : undefined;
      const from = Date.now();
      const { seconds, summary } = await upload<HrListUploadSummary>(
        portal.base,
        opts.t ?? token,
        file,
        route,
        opts.fields,
      );
      uploadWindows.push({ label, from, to: Date.now() });
      const answered = new Date().toISOString();
      const t0 = performance.now();
      if (sampler) console.log(`${label}, where the database time went:\n${await sampler.stop()}`);
      say(
        `${label}: ${count(summary.rows)} rows uploaded in ${seconds.toFixed(2)} s (${count(Math.round(summary.rows / seconds))} rows/s; created ${count(summary.created)}, updated ${count(summary.updated)})`,
      );
      if (opts.timeRun) {
        const run = await runEnded(answered, t0, opts.t);
        evaluations.push(run.seconds);
        say(
          `  the run this upload asked for, ${run.stepCount} of the ${RULE_STEPS.length} steps (its list's rule, DECISIONS 304; upload's answer → CURRENT): ${run.seconds.toFixed(2)} s`,
        );
        say(`    steps as they ended (s since the one before): ${run.steps}`);
      } else await settle(opts.t, opts.tenant);
      // Once the run is over, so that neither shares the machine with the other.
      if (PROFILE)
        console.log(
          `  the file read alone by the upload's parser: ${(await parseAlone(file, route)).toFixed(2)} s`,
        );
      return seconds;
    };
    /** The upload against psql \copy of the same rows into the list's indexed twin, and of the file into a bare table. */
    const againstCopy = (label: string, seconds: number, table: string, tenant: string, file: string) => {
      const twin = copyIntoIndexedTwin(url, table, tenant, dir);
      const bare = copyIntoBare(url, file);
      const ratio = seconds / twin;
      say(
        `  ${label}: psql \\copy of its rows into the indexed twin of ${table} ${twin.toFixed(2)} s, upload ÷ twin ${ratio.toFixed(2)}× ` +
          `(target ≤ ${UPLOAD_RATIO_TARGET}×: ${ratio <= UPLOAD_RATIO_TARGET ? 'met' : 'not met'}); ` +
          `psql \\copy of the file into a bare table ${bare.toFixed(2)} s (upload ÷ bare ${(seconds / bare).toFixed(2)}×)`,
      );
    };

    // The first summary call asks for the tenant's first evaluation; let it finish.
    await api('GET', '/api/v1/integrity/summary');
    await settle();

    if (LISTS !== 'none') {
      // The lists of the rules, smallest first; each upload's run ends before the next upload.
      await uploadList(
        'salary table, full (the seeded structures)',
        HR_LISTS_ROUTES.uploadSalaryTable.path,
        files.salary,
        { timeRun: true },
      );
      await uploadList(
        `separations list, ${count(SEPARATIONS)} people of the records`,
        HR_LISTS_ROUTES.uploadSeparations.path,
        files.separations,
        { timeRun: true },
      );
      const lagos = new Date(Date.now() + 3600_000);
      const monthEnd = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), 0))
        .toISOString()
        .slice(0, 10);
      const rollSeconds = await uploadList(
        `nominal roll, ${count(ROLL_ROWS)} rows, ${ROLLED_MINISTRIES} of ${MINISTRY_COUNT} ministries, as of ${monthEnd}`,
        HR_LISTS_ROUTES.uploadNominalRoll.path,
        files.roll,
        { fields: { asOf: monthEnd }, timeRun: true },
      );
      againstCopy('nominal roll', rollSeconds, 'nominal_roll', tenantId, files.roll);
    }

    const runs: number[] = [];
    const stepLines: string[] = [];
    let summary: IntegritySummary | undefined;
    for (let i = 0; i < 3; i++) {
      const r = await evaluate();
      runs.push(r.seconds);
      stepLines.push(r.steps);
      summary = r.summary;
    }
    say(
      `records: ${count(COUNT)}; flagged: ${count(summary!.flaggedRecords)}, ${naira(summary!.monthlyAmount)} a month, ${naira(summary!.recoverableAmount)} recoverable`,
    );
    for (const rule of summary!.rules)
      say(
        `  ${rule.code.padEnd(24)} ${String(rule.flaggedRecords).padStart(7)} records  ${naira(rule.monthlyAmount).padStart(19)} a month` +
          (rule.recoverableAmount !== undefined ? `  ${naira(rule.recoverableAmount)} recoverable` : ''),
      );
    const best = Math.min(...runs);
    // Every run measured counts: those on demand (every rule) and those the uploads asked for.
    const worst = Math.max(...runs, ...evaluations);
    say(
      `all rules, evaluated on demand (ask → summary CURRENT): ${runs.map((s) => `${s.toFixed(2)} s`).join(', ')}; ` +
        `best ${best.toFixed(2)} s` +
        (evaluations.length
          ? `; the runs the uploads asked for (their list's rule): ${evaluations.map((s) => `${s.toFixed(2)} s`).join(', ')}`
          : '') +
        `; worst of every run measured ${worst.toFixed(2)} s (target ≤ ${EVALUATION_TARGET_S} s: ${worst <= EVALUATION_TARGET_S ? 'met' : 'not met'})`,
    );
    for (const [i, steps] of stepLines.entries())
      say(`  steps of run ${i + 1} as they ended (s since the one before): ${steps}`);

    if (LISTS !== 'none') {
      const lists = await api<HrListState[]>('GET', HR_LISTS_ROUTES.list.path);
      const rolls = lists.find((l) => l.kind === 'NOMINAL_ROLL')?.rolls ?? [];
      say(
        `nominal roll: ${rolls.length} ministries' rolls, ${count(rolls.reduce((n, r) => n + r.rows, 0))} rows, ` +
          `${count(rolls.reduce((n, r) => n + (r.notOnPayroll ?? 0), 0))} people on them not on the payroll ` +
          `(${rolls.filter((r) => !r.ministryId).length} roll of a ministry the master list does not have)`,
      );
      const t0 = performance.now();
      const csv = await fetch(`${portal.base}${HR_LISTS_ROUTES.notOnPayrollCsv.path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const text = await csv.text();
      if (!csv.ok) throw new Error(`not-on-payroll.csv: ${csv.status} ${text.slice(0, 200)}`);
      say(
        `GET not-on-payroll.csv: ${count(text.trim().split('\n').length - 1)} people, ${(text.length / 1e6).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(2)} s`,
      );
    }
    // A reviewer of two ministries and one department: their summary is counted live.
    const ministries = await api<{ id: string; name: string }[]>('GET', '/api/v1/tenant-admin/ministries');
    const departments = await api<{ id: string; name: string }[]>('GET', '/api/v1/tenant-admin/departments');
    const reviewerEmail = 'bench.integrity.reviewer@demo.local';
    const created = await fetch(`${portal.base}/api/v1/tenant-admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...csrfHeaders },
      body: JSON.stringify({
        fullName: 'Bench Reviewer',
        email: reviewerEmail,
        password: 'Bench-Reviewer-1',
        role: 'REVIEWER',
        assignedMinistryIds: ministries.filter((m) => /Bench (3|7)$/.test(m.name)).map((m) => m.id),
        assignedDepartmentIds: departments.filter((d) => d.name === 'Bench Department 42').map((d) => d.id),
      }),
    });
    if (!created.ok) throw new Error(`reviewer: ${created.status} ${await created.text()}`);
    const reviewer = await login(portal.base, reviewerEmail, 'Bench-Reviewer-1');

    const paths: [string, string, string, boolean][] = [
      ['summary (tenant admin)', '/api/v1/integrity/summary', token, true],
      ['summary (reviewer: 2 ministries + 1 department)', '/api/v1/integrity/summary', reviewer, false],
      ['flags, first page of 25', '/api/v1/integrity/flags?pageSize=25', token, false],
      [
        'flags of one rule, first page of 25',
        '/api/v1/integrity/flags?rule=DUPLICATE_BVN&pageSize=25',
        token,
        false,
      ],
      // Searches (q): a surname's start (0.35% of the records), two words, a PSN's start (100
      // records; 1,000 for the reviewer, whose assignments hold about a tenth of them).
      ['flags, search a surname start (olawa)', '/api/v1/integrity/flags?q=olawa&pageSize=25', token, true],
      [
        'flags, search two words (chidi okonk)',
        '/api/v1/integrity/flags?q=chidi%20okonk&pageSize=25',
        token,
        true,
      ],
      [
        'flags, search a PSN start (psn001234)',
        '/api/v1/integrity/flags?q=psn001234&pageSize=25',
        token,
        true,
      ],
      [
        'flags, search a surname start (olawa), reviewer',
        '/api/v1/integrity/flags?q=olawa&pageSize=25',
        reviewer,
        true,
      ],
      [
        'flags, search a PSN start (psn00123), reviewer',
        '/api/v1/integrity/flags?q=psn00123&pageSize=25',
        reviewer,
        true,
      ],
    ];
    const only = process.env.BENCH_ONLY;
    for (const [label, path, t, target] of paths.filter(([label]) => !only || label.includes(only))) {
      let matching = '';
      if (path.includes('/flags')) {
        const page = await api<{ total: number }>('GET', path, t);
        matching = ` (${page.total.toLocaleString('en-US')} matching)`;
      }
      const l = await load(`${portal.base}${path}`, t, CONNECTIONS, SECONDS);
      const verdict = target
        ? ` (p95 ≤ ${SUMMARY_TARGET_MS} ms: ${l.p97_5 <= SUMMARY_TARGET_MS ? 'met' : l.p90 <= SUMMARY_TARGET_MS ? 'p90 met, p97.5 not: see p95 between them' : 'not met'})`
        : '';
      say(`${label}${matching}, ${CONNECTIONS} connections: ${describeLoad(l)}${verdict}`);
    }

    if (LISTS === 'all') {
      // Each list's upload of LARGE_ROWS rows into a second tenant, against its indexed twin.
      const second = await newTenantAdmin(portal.base);
      await api('GET', '/api/v1/integrity/summary', second);
      const secondTenant = await tenantOf(url, 'Second State Civil Service');
      await settle(second, secondTenant);
      const sepSeconds = await uploadList(
        `separations list, ${count(LARGE_ROWS)} people, second tenant`,
        HR_LISTS_ROUTES.uploadSeparations.path,
        files.largeSeparations,
        { t: second, tenant: secondTenant },
      );
      againstCopy('separations list', sepSeconds, 'separations', secondTenant, files.largeSeparations);
      const salarySeconds = await uploadList(
        `salary table, ${count(LARGE_ROWS)} rows (${count(Math.ceil(LARGE_ROWS / (GRADES * STEPS)))} structures), second tenant`,
        HR_LISTS_ROUTES.uploadSalaryTable.path,
        files.largeSalary,
        { t: second, tenant: secondTenant },
      );
      againstCopy('salary table', salarySeconds, 'salary_table', secondTenant, files.largeSalary);
    }
  } finally {
    await jobsDb.end();
    await portal.stop();
    stoppedAt = Date.now();
  }
  if (profileDir) {
    // The main thread's profile (thread 0; the parser's worker runs without --cpu-prof): whether
    // the portal's own code, rather than PostgreSQL or the parser, holds an upload up.
    for (const file of fs.readdirSync(profileDir).filter((f) => /\.0\.\d+\.cpuprofile$/.test(f))) {
      const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
      for (const w of uploadWindows) {
        console.log(`CPU profile of the portal's main thread, ${w.label}:`);
        console.log(summariseProfile(profile, stoppedAt - w.from, stoppedAt - w.to, 6));
      }
    }
  }
  if (HOLD) {
    console.log(`holding the database ${url}: kill -USR2 ${process.pid} to finish`);
    // A signal's listener alone does not keep node running: the timer does, until the signal.
    const alive = setInterval(() => undefined, 60_000);
    await new Promise((resolve) => process.once('SIGUSR2', resolve));
    clearInterval(alive);
  }
  if (serverLog) {
    // The plans themselves outlive the cluster, for a reader who wants more than their times.
    const kept = path.join(os.tmpdir(), `portal-integrity-plans-${process.pid}.log`);
    fs.copyFileSync(serverLog, kept);
    console.log(
      `The portal's statements of ${EXPLAIN_MS} ms or more (auto_explain; their plans in ${kept}):`,
    );
    console.log(explainedStatements(kept));
  }
} finally {
  cluster.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
}
console.log('\nSummary');
for (const line of results) console.log(line);

/** The id of the tenant of that name (the second tenant: newTenantAdmin names it). */
async function tenantOf(databaseUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ id: string }>(
      'select id from tenants where name = $1 order by created_at desc limit 1',
      [name],
    );
    return r.rows[0]!.id;
  } finally {
    await client.end();
  }
}
