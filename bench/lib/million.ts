// Shared set-up of the 1,000,000-record benchmarks: a throwaway PostgreSQL cluster, a portal process
// on it (demo tenant and users), the records written straight in SQL (the upload path has its own
// benchmark), and autocannon runs against the portal's API on loopback.
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { MaintenanceRepo } from '../../apps/server/src/modules/records/maintenance.repo.ts';
import type { Orm } from '../../apps/server/src/platform/db.ts';
// @ts-expect-error plain ESM helper without types
import { startCluster } from '../../scripts/pg-cluster.mjs';
import { appRoleUrl, login, startPortal, type PortalProcess, type StartOptions } from './portal-process.ts';

export interface Cluster {
  url: string;
  stop(): void;
}

export async function startBenchCluster(): Promise<Cluster> {
  return (await startCluster({
    settings: [
      'shared_buffers=512MB',
      'max_wal_size=4GB',
      'work_mem=16MB',
      // BENCH_PGSS=1: statements timed, a trigger's own ones too (bench:accounts prints them).
      ...(process.env.BENCH_PGSS
        ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all']
        : []),
    ],
  })) as Cluster;
}

export async function createDatabase(cluster: Cluster, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The share of each state among the seeded records (by the record's number modulo 100). */
export const STATE_SHARES = [
  { status: 'VALIDATED', below: 60, verified: true },
  { status: 'PENDING_GRADE_VALIDATION', below: 80, verified: true },
  { status: 'MISMATCHED', below: 86, verified: true },
  { status: 'NOT_FOUND', below: 90, verified: false },
  { status: 'REJECTED', below: 92, verified: true },
  { status: 'UPLOADED', below: 100, verified: false },
] as const;

export const MINISTRY_COUNT = 20;
export const DEPARTMENT_COUNT = 100;

/**
 * Names of the seeded records: a first name, a middle name for 60% of them, and a surname, drawn
 * (hashed) so that a name search meets realistic shares: each first name is about 1.8% of the
 * records (as first or middle name); the surnames are 340, half of them Yoruba-like compounds (0.35%
 * each), 30% Igbo-like compounds (0.3% each) and 20% from SURNAMES (0.2% each, more where a compound
 * spells the same name).
 */
const FIRST_NAMES = (
  'Abdullahi Abiodun Abubakar Adaeze Adamu Adebayo Adekunle Adenike Adewale Aisha Amaka Aminu ' +
  'Amina Babatunde Bilkisu Bolanle Chiamaka Chidi Chidinma Chinedu Chioma Chukwuemeka Damilola ' +
  'Danladi Ebere Ebuka Efosa Ejiro Ekene Emeka Emmanuel Esther Fatima Femi Folake Funmilayo ' +
  'Gbenga Grace Habiba Hadiza Halima Hauwa Ibrahim Idris Ifeanyi Ifeoma Ikechukwu Jumoke Kabiru ' +
  'Kehinde Kelechi Lami Mariam Musa Nasiru Ngozi Nkechi Nnamdi Obinna Oluchi Olufemi Olumide ' +
  'Oluwaseun Onyeka Osas Patience Rukayat Sadiq Safiya Segun Sekinat Shehu Simisola Sani Taiwo ' +
  'Temitope Tochukwu Tunde Uchenna Umar Uche Usman Yakubu Yemisi Yetunde Yusuf Zainab Zubairu'
).split(' ');
const SURNAMES = (
  'Abdulkadir Abubakar Adebayo Adeleke Adeyemi Afolabi Agbaje Ahmed Ajayi Akande Akinola Aliyu ' +
  'Amadi Anyanwu Arowolo Ayodele Babangida Bakare Balogun Bello Chukwu Dangote Danjuma Ekwueme ' +
  'Eze Ezeh Fashola Garba Ibekwe Ibrahim Idowu Igwe Ikpeazu Ilori Iwu Jibrin Kalu Lawal ' +
  'Mohammed Musa Nnaji Nwachukwu Nwankwo Nwosu Obi Obiora Odunsi Ogbonna Ogunleye Ojo Okafor ' +
  'Okeke Okonjo Okonkwo Okoro Okoye Oladipo Olaniyan Olatunji Omotola Onuoha Onyekachi Oyelaran ' +
  'Salami Sanusi Shittu Sule Tijani Uba Udeh Ugwu Umaru Usman Uzor Yahaya Yusuf Zubair Adamu ' +
  'Babatunde Chinwe Danladi Ekpo Essien Etim Inyang Nnamdi Obasi Ogundipe Okon Onoja Orji ' +
  'Oyewole Suleiman Akpan'
).split(' ');

const YORUBA = [
  'Ade Ola Olu Oye Aje Afo Ogun Fola Bami Tolu Ayo Ife'.split(' '),
  'yemi wale bayo tunde kunle sola mide dele yinka labi seun lola'.split(' '),
];
const IGBO = [
  'Nwa Eze Obi Chukwu Okon Uche Ike Nna Ugo Ama'.split(' '),
  'nkwo eke ora dike chi meka gwu nna jiofor kwe'.split(' '),
];

/** The seeded record g's full name (SQL over the series' g). */
export const nameOf = (g: string) => {
  const pick = (list: readonly string[], salt: number) =>
    `(array[${list.map((n) => `'${n}'`).join(',')}])[1 + abs(hashint4(${g} + ${salt})) % ${list.length}]`;
  const compound = ([a, b]: string[][], salt: number) => `${pick(a!, salt)} || ${pick(b!, salt + 1234567)}`;
  const surname = `case abs(hashint4(${g} + 6666666)) % 10 when 0 then ${pick(SURNAMES, 4444444)} when 1 then ${pick(SURNAMES, 4444444)}
    when 2 then ${compound(IGBO, 7777)} when 3 then ${compound(IGBO, 7777)} when 4 then ${compound(IGBO, 7777)}
    else ${compound(YORUBA, 8888)} end`;
  return `${pick(FIRST_NAMES, 1111111)} || case when abs(hashint4(${g} + 2222222)) % 10 < 6 then ' ' || ${pick(FIRST_NAMES, 5555555)} else '' end || ' ' || ${surname}`;
};

/** The tenant's bench ministries and departments (MINISTRY_COUNT, DEPARTMENT_COUNT), kept when present. */
export async function seedPostings(client: pg.Client, tenantId: string): Promise<void> {
  await client.query(
    `insert into ministries (tenant_id, name) select $1, 'Ministry of Bench ' || g from generate_series(1, ${MINISTRY_COUNT}) g
     on conflict do nothing`,
    [tenantId],
  );
  await client.query(
    `insert into departments (tenant_id, name) select $1, 'Bench Department ' || g from generate_series(1, ${DEPARTMENT_COUNT}) g
     on conflict do nothing`,
    [tenantId],
  );
}

/**
 * Writes `count` records of the demo tenant in batches of 100,000 (one statement each), spread (hashed, so
 * independently of the state) over 20 ministries, 100 departments and 17 grade levels, in the states of STATE_SHARES, then analyzes.
 */
export async function seedRecords(
  databaseUrl: string,
  count: number,
  opts: { allValidated?: boolean } = {},
): Promise<{ tenantId: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tenant = await client.query<{ id: string }>(`select id from tenants where subdomain = 'demo'`);
    const tenantId = tenant.rows[0]!.id;
    await seedPostings(client, tenantId);
    const shares: readonly (typeof STATE_SHARES)[number][] = opts.allValidated
      ? [STATE_SHARES[0]]
      : STATE_SHARES;
    const status = `case ${shares.map((s) => `when g % 100 < ${opts.allValidated ? 100 : s.below} then '${s.status}'`).join(' ')} end`;
    const verified = `case ${shares.map((s) => `when g % 100 < ${opts.allValidated ? 100 : s.below} then ${s.verified}`).join(' ')} end`;
    for (let from = 1; from <= count; from += 100_000) {
      const to = Math.min(count, from + 99_999);
      await client.query(
        `with m as (select array_agg(id order by name) a from ministries where tenant_id = $1 and name like 'Ministry of Bench %'),
              d as (select array_agg(id order by name) a from departments where tenant_id = $1 and name like 'Bench Department %')
         insert into records (tenant_id, natural_key, full_name, employee_id, psn, nin, ssid, ministry_id, department_id,
           grade_level, salary_grade_id, salary_structure, date_of_birth, email, status, sot_verified, original_upload_data,
           validated_at)
         select $1, 'PSN' || lpad(g::text, 8, '0'), ${nameOf('g')}, 'W' || g, 'PSN' || lpad(g::text, 8, '0'),
           (20000000000 + g)::text, 'SS' || lpad(g::text, 8, '0'),
           m.a[1 + abs(hashint4(g)) % ${MINISTRY_COUNT}], d.a[1 + abs(hashint4(g + 7777777)) % ${DEPARTMENT_COUNT}],
           'GL ' || lpad((1 + abs(hashint4(g + 3333333)) % 17)::text, 2, '0'), 'SG' || (g % 40), 'CONPSS', date '1970-01-01' + (g % 12000),
           'person' || g || '@bench.local', ${status}, ${verified},
           jsonb_build_object('Full Name', ${nameOf('g')}, 'PSN', 'PSN' || lpad(g::text, 8, '0')),
           case when ${status} = 'VALIDATED' then now() - (g % 1000) * interval '1 minute' end
         from generate_series(${from}, ${to}) g, m, d`,
        [tenantId],
      );
    }
    // What the upkeep after a large change does (records.maintain): the vacuum, and the queues'
    // counts per posting summed into one row each (the 10 statements above wrote one per posting).
    await client.query('vacuum analyze records');
    await new MaintenanceRepo(drizzle(client) as unknown as Orm).compactQueueCounts();
    return { tenantId };
  } finally {
    await client.end();
  }
}

export interface Loaded {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon against one URL (GET, bearer token), loopback. */
export async function load(
  url: string,
  token: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Loaded> {
  const r = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      { url, headers: { authorization: `Bearer ${token}`, ...headers }, connections, duration: seconds },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
  return {
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

export const describeLoad = (l: Loaded) =>
  `${l.requestsPerSecond.toFixed(0)} req/s, p50 ${l.p50} ms, p90 ${l.p90} ms, p97.5 ${l.p97_5} ms, p99 ${l.p99} ms` +
  ` (p95 lies between p90 and p97.5), non-2xx ${l.non2xx}, errors ${l.errors}`;

/** A portal on PostgreSQL with the demo tenant, signed in as its administrator. */
export async function startSeededPortal(
  databaseUrl: string,
  env: Record<string, string> = {},
  opts: StartOptions = {},
): Promise<{ portal: PortalProcess; token: string }> {
  // The demo tenant and users, without the demo's sample records (the benchmark writes its own).
  const portal = await startPortal(
    {
      DEMO: 'true',
      DEMO_SEED_RECORDS: 'false',
      // As production runs it: the portal's role owns nothing and row-level security holds it; the
      // owner (the cluster's superuser) migrates (DECISIONS 111). BENCH_AS_OWNER=1 connects as the
      // superuser instead (no row-level security), to compare.
      DATABASE_URL: process.env.BENCH_AS_OWNER === '1' ? databaseUrl : appRoleUrl(databaseUrl),
      DATABASE_OWNER_URL: databaseUrl,
      ...env,
    },
    opts,
  );
  const token = await login(portal.base, 'tenant.admin@demo.local', 'Demo12345!');
  return { portal, token };
}

/**
 * Waits for the `VACUUM (ANALYZE) records` that a large upload queues (decision 39), so what is
 * measured next does not share the machine with it. Returns the seconds waited.
 */
export async function waitForRecordsVacuum(databaseUrl: string): Promise<number> {
  const waited = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (;;) {
      const r = await client.query<{ n: string; running: boolean }>(
        `select vacuum_count + autovacuum_count as n,
           exists (select 1 from pg_stat_progress_vacuum p join pg_class c on c.oid = p.relid where c.relname = 'records') as running
         from pg_stat_user_tables where relname = 'records'`,
      );
      if (Number(r.rows[0]?.n ?? 0) > 0 && !r.rows[0]?.running) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
  return (performance.now() - waited) / 1000;
}
