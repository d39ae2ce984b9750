// Each integrity rule step run on its own against a database left by `BENCH_HOLD=1 npm run
// bench:integrity` (or any portal database): its time, its outcome (hits, raised, cleared) and,
// with EXPLAIN=1, the plan of each of its statements (EXPLAIN ANALYZE, BUFFERS, run before the
// statement itself, so a merge's counts then read 0); then an md5 per rule of the OPEN flags
// (record, fingerprint, evidence, pay, search terms) and of the rolls' not-on-payroll counts, to
// check that a change to the rules' SQL finds the same flags. Beside each step's wall time, the CPU
// time its PostgreSQL backend used (from /proc, the cluster on this machine), which a loaded machine
// hardly moves. Connects as portal_app under the
// tenant's row-level security with jit off, as the portal's pool does.
// Run: DB=postgres://portal@127.0.0.1:PORT/integrity npx tsx bench/integrity-steps.ts
//   (AS_OF=YYYY-MM-DD the day, default today in Lagos; ONLY=<rule>[,<rule>…] or ONLY=date the steps of
//   those rules, ONLY=figures the figures the run ends with; ROUNDS=n;
//   the tenant is the one with the most records; default settings: retirement 60, service 35)
import fs from 'node:fs';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { IntegrityRule } from '@portal/contract/integrity';
import type { TenantScope } from '../apps/server/src/access/actor.ts';
import type { Orm } from '../apps/server/src/platform/db.ts';
import { bankKeyOf } from '../apps/server/src/modules/integrity/bank-key.ts';
import { IntegrityRepo } from '../apps/server/src/modules/integrity/integrity.repo.ts';
import { RULE_STEPS, RulesRepo } from '../apps/server/src/modules/integrity/rules.repo.ts';
import { largestTenant } from './lib/held-database.ts';
import { appRoleUrl } from './lib/portal-process.ts';

const ownerUrl = process.env.DB;
if (!ownerUrl) throw new Error('DB is the database URL (its owner)');
const EXPLAIN = process.env.EXPLAIN === '1';
const ONLY = process.env.ONLY ?? '';
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const asOf = process.env.AS_OF ?? new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

const owner = new pg.Client({ connectionString: ownerUrl });
await owner.connect();
const tenantId = await largestTenant(owner);
const client = new pg.Client({ connectionString: appRoleUrl(ownerUrl), options: '-c jit=off' });
await client.connect();
await client.query(`select set_config('app.tenant_id', $1, false)`, [tenantId]);
const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
/**
 * The CPU seconds the step's backend has used (user + system, from /proc when the cluster runs on
 * this machine; null elsewhere): unlike the wall time, it hardly moves with the machine's load.
 */
function backendCpu(): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const plans: string[] = [];
type Query = { text: string; values?: unknown[] } | string;
/** The client drizzle sees: each of a step's statements explained first when EXPLAIN=1. */
const explaining = {
  async query(q: Query, values?: unknown[]) {
    const text = typeof q === 'string' ? q : q.text;
    const params = typeof q === 'string' ? values : (q.values ?? values);
    if (EXPLAIN && /integrity_step_hits|with hits as \(|from nominal_roll n|as by_posting/.test(text)) {
      const body = text.replace(/^\s*create temporary table integrity_step_hits on commit drop as/, '');
      const r = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${body}`, params);
      plans.push(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
    }
    // As drizzle calls it: a config (text, rowMode) and the values beside it.
    return (client.query as (q: Query, v?: unknown[]) => Promise<unknown>).call(client, q, values);
  },
};
const rules = new RulesRepo(drizzle(explaining as unknown as pg.Client) as unknown as Orm);
const scope = { tenantId } as TenantScope;
const banks: Record<string, string> = {};
for (const name of await rules.bankNames(scope)) {
  const key = bankKeyOf(name);
  if (key) banks[name] = key;
}
const enabled = new Proxy({}, { get: () => true }) as Record<IntegrityRule, boolean>;
const params = { asOf, retirementAge: 60, serviceLimitYears: 35, enabled };
/** Runs `work`, prints its wall and backend CPU time with what it answered, then its plans. */
async function timed(name: string, work: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  const c0 = backendCpu();
  const out = await work();
  const c1 = backendCpu();
  const cpu = c0 === null || c1 === null ? '' : `, backend CPU ${(c1 - c0).toFixed(2)} s`;
  console.log(`${name}: ${((performance.now() - t0) / 1000).toFixed(2)} s${cpu} ${JSON.stringify(out)}`);
  for (const plan of plans.splice(0)) console.log(plan);
}
for (let round = 0; round < ROUNDS; round++)
  for (const step of RULE_STEPS) {
    const rulesOf = step as readonly IntegrityRule[];
    const name = rulesOf.includes('PAST_RETIREMENT_AGE') ? 'date rules' : step.join('+');
    const wanted = (only: string) =>
      only === 'date' ? name === 'date rules' : rulesOf.includes(only as IntegrityRule);
    if (ONLY && !ONLY.split(',').some(wanted)) continue;
    // The cross-tenant rule reads the platform's index, as the portal runs it (asPlatform).
    const platform = rulesOf.includes('ON_ANOTHER_PAYROLL');
    if (platform) await client.query(`select set_config('app.tenant_id', 'platform', false)`);
    await timed(name, () => rules.runStep(scope, step, params, Promise.resolve(banks)));
    if (platform) await client.query(`select set_config('app.tenant_id', $1, false)`, [tenantId]);
  }
// The figures the run ends with (IntegrityRepo.figures), when no step is named or ONLY names them.
if (!ONLY || ONLY.split(',').includes('figures')) {
  const repo = new IntegrityRepo(drizzle(explaining as unknown as pg.Client) as unknown as Orm);
  for (let round = 0; round < ROUNDS; round++)
    await timed('figures', async () => (await repo.figures(scope)).total);
}
await client.end();

const flags = await owner.query<{ rule: string; n: number; h: string }>(
  `select rule, count(*)::int as n, md5(string_agg(record_id::text || '|' || fingerprint || '|' || evidence::text
     || '|' || coalesce(monthly_kobo::text, '') || '|' || coalesce(search_terms::text, ''), ','
     order by record_id, fingerprint)) as h
   from integrity_flags where tenant_id = $1 and status = 'OPEN' group by rule order by rule`,
  [tenantId],
);
for (const f of flags.rows) console.log(`  ${f.rule} ${f.n} ${f.h}`);
const rolls = await owner.query<{ h: string }>(
  `select md5(string_agg(ministry_key || ':' || coalesce(not_on_payroll::text, '-'), ',' order by ministry_key)) as h
   from nominal_roll_ministries where tenant_id = $1`,
  [tenantId],
);
console.log(`  not_on_payroll ${rolls.rows[0]!.h}`);
await owner.end();
