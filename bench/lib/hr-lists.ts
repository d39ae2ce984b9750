// The HR lists beside the master list (issue #35) at benchmark scale: the salary scale the seeded
// records are paid on, a history of approved payroll exports, the three lists' files written by
// PostgreSQL (psql \copy of a query: a million rows in seconds, with the header spellings, dates
// and exit reasons HR offices write), and the upload's floor: psql \copy of the rows an upload
// wrote into the list's indexed twin.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_TIME_ZONE } from '@portal/contract/time-zone';
import { nameOf } from './million.ts';

/** Today in the demo tenant's time zone, as the rules' day (SQL). */
export const TODAY_SQL = `(now() at time zone '${DEFAULT_TIME_ZONE}')::date`;

/** The salary structures of the seeded records, one for each department in turn (its number mod 5). */
export const STRUCTURES = ['CONPSS', 'CONHESS', 'CONMESS', 'CONTISS', 'CONRAISS'] as const;
export const GRADES = 17;
export const STEPS = 15;

/**
 * The salary table's maximum monthly gross in kobo for the structure numbered `si`, grade `g` and
 * step `s` (SQL expressions): ₦32,600 at CONPSS GL 01 step 1 to ₦781,000 at CONRAISS GL 17 step
 * 15, with odd kobo on some grades so that "a kobo above" means one kobo.
 */
export const maxKoboSql = (si: string, g: string, s: string) =>
  `((30000 + ${g} * ${g} * 2000 + ${s} * ${g} * 600 + ${si} * 5000)::bigint * 100 + (${g} % 3) * 37)`;

/** Naira with thousands separators and kobo, as a pay office prints them (SQL). */
const naira = (kobo: string) => `to_char(${kobo} / 100.0, 'FM999,999,999,990.00')`;

/** Runs a query with psql and writes its rows as CSV with a header (the aliases) to `file`. */
function copyOut(url: string, query: string, file: string): void {
  // \copy reads the rest of its line: the query on one line.
  const oneLine = query.replace(/\s+/g, ' ').trim();
  execFileSync('psql', [
    url,
    '-qX',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `\\copy (${oneLine}) to '${file}' csv header`,
  ]);
}

const psql = (url: string, command: string) =>
  execFileSync('psql', [url, '-qAtX', '-v', 'ON_ERROR_STOP=1', '-c', command], {
    // Without the NOTICE of a `drop table if exists` that had nothing to drop.
    env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' },
  })
    .toString()
    .trim();

/**
 * Monthly payroll exports, approved: the last six months' runs on the 25th (10:00 in Lagos), each
 * carrying every VALIDATED record of the tenant, written in SQL as the portal's export writes its
 * job and members (exports.repo.ts). Written here rather than through POST /records/export because
 * the portal dates an export now: a history of paydays needs the past; what PAID_AFTER_EXIT
 * reads of them (approved COMPLETED exports and the records each carried) is the same.
 */
export async function seedPayrollExports(url: string, tenantId: string, months = 6): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>(
      `with v as (select array_agg(id order by id) as ids, count(*)::int as n from records
          where tenant_id = $1 and status = 'VALIDATED'),
        paydays as (
          select ((date_trunc('month', ${TODAY_SQL} - 25) + interval '24 days' - k * interval '1 month')::date
            + time '10:00') at time zone '${DEFAULT_TIME_ZONE}' as at
          from generate_series(0, $2::int - 1) k
        ),
        jobs as (
          insert into export_jobs (tenant_id, status, record_count, size_bytes, exported_by_email, created_at,
            started_at, finished_at)
          select $1, 'COMPLETED', v.n, v.n * 180, 'tenant.admin@demo.local', p.at - interval '5 minutes',
            p.at - interval '5 minutes', p.at
          from paydays p, v
          returning id
        )
      insert into export_members (export_id, record_ids) select jobs.id, v.ids from jobs, v
      returning (select n from v) as n`,
      [tenantId, months],
    );
    return r.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * A separations list's rows from `people` (a SQL relation of k, the row's number from 1, and n, psn,
 * nin, full_name): exit dates today (k = 1), tomorrow (k = 2), yesterday (k = 3), otherwise 15% in
 * the coming year (notices) and the others within the last 1,000 days; reasons in realistic shares
 * (45% retired, 10% deceased, 15% resigned, 5% dismissed, 15% transferred, 10% other), each written
 * three ways; 5% of the people named by NIN only (never a NIN two records share).
 */
function separationsQuery(people: string): string {
  const h = (salt: number, mod: number) => `(abs(hashint4(p.n + ${salt})) % ${mod})`;
  const exit = `case when p.k = 1 then ${TODAY_SQL} when p.k = 2 then ${TODAY_SQL} + 1
    when p.k = 3 then ${TODAY_SQL} - 1
    when ${h(33, 100)} < 15 then ${TODAY_SQL} + 1 + ${h(34, 365)}
    else ${TODAY_SQL} - 1 - ${h(34, 1000)} end`;
  const spelled = (words: string[]) => `(array['${words.join("','")}'])[1 + p.n % 3]`;
  const reason = `case when ${h(35, 100)} < 45 then ${spelled(['Retired', 'RETIREMENT', 'Statutory Retirement'])}
    when ${h(35, 100)} < 55 then ${spelled(['Deceased', 'DEATH', 'Late'])}
    when ${h(35, 100)} < 70 then ${spelled(['Resigned', 'RESIGNATION', 'Voluntary Withdrawal'])}
    when ${h(35, 100)} < 75 then ${spelled(['Dismissed', 'TERMINATION', 'Removed from Service'])}
    when ${h(35, 100)} < 90 then ${spelled(['Transferred', 'TRANSFER OF SERVICE', 'Redeployed'])}
    else ${spelled(['Other', 'OTHERS', 'Other'])} end`;
  return `select case when ${h(32, 100)} < 5 and p.n % 1000 not between 700 and 703 then '' else p.psn end as "Staff No",
      p.nin as "NIN", p.full_name as "Name", to_char(e.exit, 'DD/MM/YYYY') as "Date of Exit",
      ${reason} as "Mode of Exit", 'HR/EXIT/' || to_char(e.exit, 'YYYY') || '/' || p.k as "Ref No"
    from (${people}) p, lateral (select ${exit} as exit) e order by p.k`;
}

/** The separations list of `count` people of the seeded records (drawn by a hash of their number). */
export function writeSeparationsOfRecords(url: string, tenantId: string, count: number, file: string): void {
  copyOut(
    url,
    separationsQuery(`select row_number() over (order by n) as k, n, psn, nin, full_name from (
        select substr(natural_key, 4)::int as n, psn, nin, full_name from records where tenant_id = '${tenantId}'
        order by hashint4(substr(natural_key, 4)::int + 31) limit ${count}) r`),
    file,
  );
}

/** A separations list of `rows` people numbered 1… as the seeded records are (a tenant without them). */
export function writeSeparations(url: string, rows: number, file: string): void {
  copyOut(
    url,
    separationsQuery(`select g as k, g as n, 'PSN' || lpad(g::text, 8, '0') as psn,
        (20000000000 + g)::text as nin, ${nameOf('g')} as full_name from generate_series(1, ${rows}) g`),
    file,
  );
}

/** The ministries with a nominal roll: all seeded ministries but the last ('Ministry of Bench 20'). */
export const ROLLED_MINISTRIES = 19;

/**
 * The nominal roll, `rows` rows, for the rolled ministries: their records' people except 2% (hashed),
 * a quarter of whom are on another ministry's roll instead (a posting the master list has wrong);
 * then people the master list does not have (PSNs 'PSR…') up to `rows`, one in ten of them in a
 * ministry the master list does not know. Ministries in capitals on a quarter of the rows, 3% of
 * the people by NIN only, grade levels as 'GL8', grouped by ministry as HR keeps a roll.
 */
export function writeNominalRoll(url: string, tenantId: string, rows: number, file: string): void {
  const miss = `abs(hashint4(p.n + 41)) % 1000`;
  copyOut(
    url,
    `with m as (
        select id, name, substring(name from '[0-9]+$')::int as no from ministries
        where tenant_id = '${tenantId}' and name like 'Ministry of Bench %'
      ),
      p as (
        select substr(r.natural_key, 4)::int as n, r.psn, r.nin, r.full_name, m.no, d.name as dept,
          'GL' || substring(r.grade_level from '[0-9]+')::int as gl
        from records r join m on m.id = r.ministry_id left join departments d on d.id = r.department_id
        where r.tenant_id = '${tenantId}' and m.no <= ${ROLLED_MINISTRIES}
      ),
      on_roll as (
        select 1 as part, p.n as ord,
          'Ministry of Bench ' || case when ${miss} < 5 then p.no % ${ROLLED_MINISTRIES} + 1 else p.no end as ministry,
          case when abs(hashint4(p.n + 42)) % 100 < 3 and p.n % 1000 not between 700 and 703 then '' else p.psn end as psn,
          p.nin, p.full_name, p.dept, p.gl
        from p where ${miss} >= 20 or ${miss} < 5
      ),
      extra as (
        select 2 as part, g as ord,
          case when g % 10 = 0 then 'Ministry of Special Duties' else 'Ministry of Bench ' || (1 + g % ${ROLLED_MINISTRIES}) end,
          'PSR' || lpad(g::text, 8, '0'), (40000000000 + g)::text, ${nameOf('(g + 50000000)')},
          'Bench Department ' || (1 + g % 100), 'GL' || (1 + g % 17)
        from generate_series(1, greatest(0, ${rows} - (select count(*) from on_roll))::int) g
      ),
      roll as (select * from on_roll union all select * from extra)
    select psn as "File No", nin as "NIN", full_name as "Surname and Other Names",
      case when ord % 4 = 0 then upper(ministry) else ministry end as "MDA", dept as "Department", gl as "Grade Level"
    from roll order by ministry, part, ord limit ${rows}`,
    file,
  );
}

/** Salary table rows (SQL over s: the structure's name, si: its number, g, st) in a pay office's spelling. */
const salaryColumns = `s as "Salary Structure", 'GL ' || lpad(g::text, 2, '0') as "GL", st as "Step",
  ${naira(`(${maxKoboSql('si', 'g', 'st')} / 2)`)} as "Minimum Monthly Gross",
  ${naira(maxKoboSql('si', 'g', 'st'))} as "Maximum Monthly Gross"`;

/** The full salary table of the seeded records: every structure, grade 1–17 and step 1–15. */
export function writeSalaryTable(url: string, file: string): void {
  copyOut(
    url,
    `select ${salaryColumns} from (select s, (i - 1)::int as si, g, st
      from unnest(array['${STRUCTURES.join("','")}']) with ordinality as x(s, i),
        generate_series(1, ${GRADES}) g, generate_series(1, ${STEPS}) st) t order by si, g, st`,
    file,
  );
}

/** A synthetic salary table of `rows` rows: as many structures ('SCALE 0001', …) as it takes. */
export function writeLargeSalaryTable(url: string, rows: number, file: string): void {
  const structures = Math.ceil(rows / (GRADES * STEPS));
  copyOut(
    url,
    `select ${salaryColumns} from (select 'SCALE ' || lpad(x::text, 4, '0') as s, x % 5 as si, x, g, st
      from generate_series(1, ${structures}) x, generate_series(1, ${GRADES}) g, generate_series(1, ${STEPS}) st) t
      order by x, g, st limit ${rows}`,
    file,
  );
}

/**
 * Leaves the cluster quiet before a timed write (a list's upload, its twin's \copy): the autovacuum
 * workers under way let finish, what they would do next done now (VACUUM ANALYZE of the database)
 * and a checkpoint written. A write then shares the machine only with the background work it makes
 * itself. Without it, the twin's \copy ran beside the autovacuum and the written-back hint bits of
 * the 1,000,000-row upload just before it, and took 6.5 to 16.6 s from run to run.
 */
export function quiesce(url: string): void {
  const until = Date.now() + 120_000;
  const vacuuming = () =>
    Number(psql(url, `select count(*) from pg_stat_activity where backend_type = 'autovacuum worker'`));
  while (vacuuming() > 0 && Date.now() < until) execFileSync('sleep', ['0.2']);
  psql(url, 'vacuum (analyze)');
  psql(url, 'checkpoint');
}

/**
 * The upload's floor (issue #23's measure, as ingest-bench's records): the rows one upload wrote
 * for `tenantId`, copied out to CSV, then psql \copy into a table made `LIKE <table> INCLUDING ALL`
 * (the same columns, defaults, checks and indexes; no foreign keys, no row-level security) in the
 * same database. Returns the seconds of that \copy.
 */
export function copyIntoIndexedTwin(url: string, table: string, tenantId: string, dir: string): number {
  const columns = psql(
    url,
    `select string_agg(quote_ident(column_name), ',' order by ordinal_position) from information_schema.columns
      where table_name = '${table}' and table_schema = current_schema() and is_generated = 'NEVER'`,
  );
  const rows = path.join(dir, `${table}-rows.csv`);
  psql(url, `\\copy (select ${columns} from ${table} where tenant_id = '${tenantId}') to '${rows}' csv`);
  psql(url, `drop table if exists ${table}_twin; create table ${table}_twin (like ${table} including all)`);
  // Written to disk before the \copy is timed, as the upload's file was, on a quiet cluster as the
  // upload was.
  execFileSync('sync');
  quiesce(url);
  const started = performance.now();
  psql(url, `\\copy ${table}_twin (${columns}) from '${rows}' csv`);
  const seconds = (performance.now() - started) / 1000;
  psql(url, `drop table ${table}_twin`);
  fs.rmSync(rows, { force: true });
  return seconds;
}

/** psql \copy of the file itself into a table of as many text columns as its header: the bare floor. */
export function copyIntoBare(url: string, file: string): number {
  const header = fs.readFileSync(file, 'utf8').slice(0, 4096).split(/\r?\n/)[0]!;
  const columns = header.split(',').length;
  psql(
    url,
    `drop table if exists bare_list; create table bare_list (${Array.from({ length: columns }, (_, i) => `c${i} text`).join(', ')})`,
  );
  const started = performance.now();
  psql(url, `\\copy bare_list from '${file}' csv header`);
  const seconds = (performance.now() - started) / 1000;
  psql(url, 'drop table bare_list');
  return seconds;
}
