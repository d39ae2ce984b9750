// The audit log (issue #22) over 1,000,000 events on PostgreSQL: a filtered page through the real
// HTTP API under a few concurrent connections (autocannon): no filter, by actor, by action, by
// record (PSN, and a name that many records share), by a week, all together, and a deep page.
// Target: a filtered page's p95 ≤ 100 ms. Events are seeded set-based (generate_series) over a year
// in append order, in a realistic mix of actions, 60 actors (a few busy ones) and records.
// Run: npm run bench:audit  (BENCH_EVENTS, BENCH_RECORDS, BENCH_SECONDS, BENCH_CONNECTIONS)
import fs from 'node:fs';
import pg from 'pg';
import type { AuditPage } from '@portal/contract/audit';
import {
  createDatabase,
  describeLoad,
  load,
  seedRecords,
  startBenchCluster,
  startSeededPortal,
} from './lib/million.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const TARGET_MS = 100;
/** The tenant of the other events (no such tenant row is needed: the trail outlives tenants). */
const OTHER_TENANT = '00000000-0000-0000-0000-000000000001';

/**
 * The mix of actions (per 1,000 events): views dominate, as personal data is read far more often
 * than it is changed; failed sign-ins a few per cent; uploads and exports rare.
 */
const MIX: [string, number][] = [
  ['RECORD_VIEWED', 420],
  ['SIGN_IN', 90],
  ['SIGN_IN_FAILED', 20],
  ['USER_LOGOUT', 40],
  ['RECORD_APPROVED', 150],
  ['RECORD_REJECTED', 25],
  ['RECORD_EDITED', 50],
  ['RECORD_MISMATCH_RESOLVED', 30],
  ['RECORD_UPDATED_BY_UPLOAD', 150],
  ['RECORD_REVERIFIED', 15],
  ['UPLOAD', 2],
  ['EXPORT_GENERATED', 2],
  ['EXPORT_DOWNLOADED', 4],
  ['REVIEWER_ASSIGNMENTS_UPDATED', 1],
  ['TENANT_SETTINGS_UPDATED', 1],
];
const RECORD_ACTIONS = new Set([
  'RECORD_VIEWED',
  'RECORD_APPROVED',
  'RECORD_REJECTED',
  'RECORD_EDITED',
  'RECORD_MISMATCH_RESOLVED',
  'RECORD_UPDATED_BY_UPLOAD',
  'RECORD_REVERIFIED',
]);

/** SQL: the action of event g, by its place in the mix (hashed). */
function actionOf(g: string): string {
  let below = 0;
  const whens = MIX.map(([action, share]) => {
    below += share;
    return `when abs(hashint4(${g})) % 1000 < ${below} then '${action}'`;
  });
  return `case ${whens.join(' ')} else 'RECORD_VIEWED' end`;
}

async function seedEvents(databaseUrl: string, tenantId: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const recordActions = [...RECORD_ACTIONS].map((a) => `'${a}'`).join(',');
    // Actors: 10 busy reviewers (half the events), 50 others; a record per record event (hashed).
    // One event in 11 is another tenant's or the platform's, interleaved in time as they come, so
    // that a page of the tenant's has the others' to skip wherever it starts.
    const total = Math.round(EVENTS * 1.1);
    const batch = 220_000;
    for (let from = 1; from <= total; from += batch) {
      const to = Math.min(total, from + batch - 1);
      await client.query(
        `insert into audit_events (tenant_id, actor_user_id, actor_email, action, entity_type, entity_id,
           before, after, note, address, record_id, psn, created_at)
         select case when e.g % 11 <> 10 then $1::uuid when e.g % 110 <> 10 then '${OTHER_TENANT}'::uuid end,
           null, e.actor, e.action, case when e.rec then 'record' else 'user' end, r.id::text,
           case when e.action = 'RECORD_EDITED' then jsonb_build_object('gradeLevel', 'GL 07') end,
           case when e.action = 'RECORD_EDITED' then jsonb_build_object('gradeLevel', 'GL 08')
                when e.action = 'RECORD_APPROVED' then jsonb_build_object('status', 'VALIDATED') end,
           null, '10.0.' || (e.g % 200) || '.' || (e.g % 250), r.id, r.psn,
           now() - interval '365 days' + (e.g::float8 / $2) * interval '365 days'
         from (
           select g, ${actionOf('g')} as action,
             case when g % 11 = 10 then 'other' || (g % 20) || '@bench.local'
                  when abs(hashint4(g + 11)) % 2 = 0 then 'reviewer' || (abs(hashint4(g + 12)) % 10) || '@bench.local'
                  else 'staff' || (abs(hashint4(g + 13)) % 50) || '@bench.local' end as actor,
             g % 11 <> 10 and ${actionOf('g')} in (${recordActions}) as rec
           from generate_series(${from}, ${to}) g
         ) e
         left join records r on e.rec and r.tenant_id = $1::uuid
           and r.natural_key = 'PSN' || lpad((1 + abs(hashint4(e.g + 14)) % ${RECORDS})::text, 8, '0')
         order by e.g`,
        [tenantId, total],
      );
    }
    await client.query('vacuum analyze audit_events');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

const cluster = await startBenchCluster();
const results: string[] = [];
const say = (line: string) => {
  results.push(line);
  console.log(line);
};
try {
  const url = await createDatabase(cluster, 'audit');
  const first = await startSeededPortal(url);
  await first.portal.stop();
  let started = performance.now();
  const { tenantId } = await seedRecords(url, RECORDS);
  console.log(`seeded ${RECORDS} records in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  await seedEvents(url, tenantId);
  console.log(`seeded ${EVENTS} audit events in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // BENCH_HOLD: keep the seeded database for a look (psql) until the file it names exists.
  if (process.env.BENCH_HOLD) {
    console.log(`holding ${url} until ${process.env.BENCH_HOLD} exists`);
    while (!fs.existsSync(process.env.BENCH_HOLD)) await new Promise((r) => setTimeout(r, 1000));
  }
  const { portal, token } = await startSeededPortal(url);
  try {
    const get = async (path: string) => {
      const res = await fetch(`${portal.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as AuditPage;
    };
    // A record with events, and a surname many records share.
    const viewed = (await get('/api/v1/audit-events?action=RECORD_VIEWED&pageSize=1')).items[0]!;
    const day = (daysAgo: number) =>
      new Date(Date.now() + 3600_000 - daysAgo * 86400_000).toISOString().slice(0, 10);
    const week = `from=${day(180)}&to=${day(174)}`;
    const cases: [string, string][] = [
      ['no filter', ''],
      ['by actor (a busy reviewer)', 'actor=reviewer3@bench.local'],
      ['by actor (a quiet one)', 'actor=staff7@bench.local'],
      ['by action (RECORD_REJECTED, 2.5%)', 'action=RECORD_REJECTED'],
      ['by action (UPLOAD, 0.2‰)', 'action=UPLOAD'],
      ['by record (PSN)', `record=${viewed.psn}`],
      ['by record (a surname: up to 1,000 records)', 'record=Okafor'],
      ['by a week (half a year ago)', week],
      [
        'combined: actor + action + a month',
        `actor=reviewer3@bench.local&action=RECORD_APPROVED&from=${day(200)}&to=${day(170)}`,
      ],
      ['combined: record + action', `record=${viewed.psn}&action=RECORD_VIEWED`],
      ['no filter, page 100', 'page=100'],
    ];
    say(
      `events: ${EVENTS.toLocaleString('en-US')} of the tenant (+${(EVENTS / 10).toLocaleString('en-US')} of another tenant and the platform), records: ${RECORDS.toLocaleString('en-US')}; pages of 50, ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    for (const [label, query] of cases) {
      const path = `/api/v1/audit-events?pageSize=50${query ? `&${query}` : ''}`;
      const page = await get(path);
      const l = await load(`${portal.base}${path}`, token, CONNECTIONS, SECONDS);
      const total = `${page.total.toLocaleString('en-US')}${page.totalExact ? '' : '+'}`;
      say(
        `${label.padEnd(44)} total ${total.padStart(7)}: ${describeLoad(l)}; p97.5/target ${(l.p97_5 / TARGET_MS).toFixed(2)}`,
      );
    }
  } finally {
    await portal.stop();
  }
} finally {
  cluster.stop();
}
console.log('\nSummary');
for (const line of results) console.log(line);
