// Whole evaluations of the integrity rules (IntegrityEvaluator.run, as the portal's job runs it:
// the steps two at a time on connections of their own, then the figures) against a database left
// by `BENCH_HOLD=1 npm run bench:integrity`, without the portal around it: each run's wall time and
// the time each step ended at. To compare a change to the rules' SQL or to the steps' order on the
// same data, run after run, where a whole bench (ten minutes) would also rebuild the data.
// Connects as portal_app under the tenant's row-level security, through the portal's own pool.
// Run: DB=postgres://portal@127.0.0.1:PORT/integrity npx tsx bench/integrity-run.ts
//   (ROUNDS=n, default 3; the tenant is the one with the most records; no cross-tenant sync)
import pg from 'pg';
import { tenantScope } from '../apps/server/src/access/actor.ts';
import { AuditRepo } from '../apps/server/src/modules/audit/audit.repo.ts';
import { IntegrityEvaluator } from '../apps/server/src/modules/integrity/evaluate.ts';
import { IntegrityRepo } from '../apps/server/src/modules/integrity/integrity.repo.ts';
import { RULE_STEPS, RulesRepo } from '../apps/server/src/modules/integrity/rules.repo.ts';
import { SettingsRepo } from '../apps/server/src/modules/settings/settings.repo.ts';
import { SettingsService } from '../apps/server/src/modules/settings/settings.service.ts';
import { openPostgres } from '../apps/server/src/platform/db-postgres.ts';
import { withTenant } from '../apps/server/src/platform/tenant-context.ts';
import { largestTenant } from './lib/held-database.ts';
import { appRoleUrl } from './lib/portal-process.ts';

const ownerUrl = process.env.DB;
if (!ownerUrl) throw new Error('DB is the database URL (its owner)');
const ROUNDS = Number(process.env.ROUNDS ?? 3);

const owner = new pg.Client({ connectionString: ownerUrl });
await owner.connect();
const tenantId = await largestTenant(owner);
await owner.end();
const db = await openPostgres(appRoleUrl(ownerUrl), 10);
const repo = new IntegrityRepo(db.orm);
const rules = new RulesRepo(db.orm);
const evaluator = new IntegrityEvaluator(
  repo,
  rules,
  new SettingsService(new SettingsRepo(db.orm), new AuditRepo(db.orm)),
);
const scope = tenantScope(tenantId);
// ORDER=i,j,…: the steps in another order (indexes into RULE_STEPS), to compare orders.
if (process.env.ORDER) {
  const steps = process.env.ORDER.split(',').map((i) => RULE_STEPS[Number(i)]!);
  (RULE_STEPS as unknown as unknown[]).splice(0, RULE_STEPS.length, ...steps);
}
// Each step's and the figures' end, in seconds since the run's start: where the run's time goes.
let marks: string[] = [];
let started = 0;
const mark = (label: string) => marks.push(`${label} ${((performance.now() - started) / 1000).toFixed(2)}`);
const runStep = rules.runStep.bind(rules);
rules.runStep = async (...args) => {
  const outcome = await runStep(...args);
  mark(args[1].length > 1 ? `${args[1][0]}+${args[1].length - 1}` : args[1][0]!);
  return outcome;
};
const figures = repo.figures.bind(repo);
repo.figures = async (...args) => {
  const out = await figures(...args);
  mark('figures');
  return out;
};
console.log(`steps in order: ${RULE_STEPS.map((s) => s.join('+')).join(' | ')}`);
try {
  await withTenant(tenantId, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await repo.request(scope);
      marks = [];
      started = performance.now();
      const { steps, ms } = await evaluator.run(scope);
      const found = (steps ?? []).map((s) => s.hits).reduce((a, b) => a + b, 0);
      console.log(`run ${round + 1}: ${(ms / 1000).toFixed(2)} s (${found} findings)`);
      console.log(`  ended at (s): ${marks.join(', ')}`);
    }
  });
} finally {
  await db.close();
}
