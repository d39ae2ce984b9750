import type { IntegrityRule } from '@portal/contract/integrity';
import type { TenantSettings } from '@portal/contract/settings';
import type { TenantScope } from '../../access/actor.ts';
import { bankKeyOf } from './bank-key.ts';
import type { ClaimedRun, IntegrityRepo } from './integrity.repo.ts';
import {
  CROSS_TENANT_STEPS,
  LARGE_FLAG_CHANGE,
  RULE_STEPS,
  readsBanks,
  stepsOf,
  type RuleParams,
  type RulesRepo,
  type StepOutcome,
} from './rules.repo.ts';

/**
 * The cross-tenant index's part in a run (issue #36 item 4): the tenant's stale digests brought up
 * to date before the rules (answering the other tenants a digest came to or went from), and those
 * tenants' evaluations asked for, since their ON_ANOTHER_PAYROLL flags may change with it.
 */
export interface CrossTenantSync {
  sync(scope: TenantScope): Promise<string[]>;
  requestOthers(tenantIds: string[], reason: string): Promise<void>;
}

/**
 * Steps run side by side: most are one scan of the tenant's records, and on two cores one step's
 * scan, hash and merge leave the other core mostly idle (bench/README.md, issue #35).
 */
const STEPS_AT_ONCE = 2;

/**
 * The steps a run evaluates: every one after a change of the tenant's own or on a new day (ages and
 * dates move on). Otherwise only the steps whose findings the changes since the last run can have
 * altered: another tenant's change, the rules that read other tenants' records (DECISIONS 273); a
 * change of some rules' inputs alone (an HR list's upload), those rules (304). None of those (a run
 * taken over from a worker that died, say): every step.
 */
export function runSteps(claimed: ClaimedRun, asOf: string): readonly (readonly IntegrityRule[])[] {
  if (claimed.ownChange || claimed.asOf !== asOf) return RULE_STEPS;
  const asked = stepsOf([...(claimed.othersChange ? CROSS_TENANT_STEPS.flat() : []), ...claimed.rules]);
  return asked.length ? asked : RULE_STEPS;
}

/** How many times a run starts over when changes keep arriving while it runs. */
const MAX_ROUNDS = 5;

export interface RunOutcome {
  /**
   * The steps' figures, or null when another run was under way (it evaluates again if asked) or
   * none was due.
   */
  steps: StepOutcome[] | null;
  ms: number;
}

/**
 * One tenant's evaluation (issue #21): the rules step by step (progress after each), then the
 * figures the summary call reads. A run that only another tenant's change asked for evaluates the
 * rules that read other tenants' records alone (CROSS_TENANT_STEPS), and one that only changes of
 * some rules' inputs asked for (an HR list's upload) those rules' steps (runSteps). Runs of a
 * tenant never overlap (IntegrityRepo.claim); a change arriving during a run makes the run start
 * over when it ends, so the last change is always covered by a finished run.
 */
export class IntegrityEvaluator {
  constructor(
    private readonly repo: IntegrityRepo,
    private readonly rules: RulesRepo,
    private readonly settings: { of(scope: TenantScope): Promise<TenantSettings> },
    private readonly crossTenant?: CrossTenantSync,
  ) {}

  async run(scope: TenantScope): Promise<RunOutcome> {
    const started = performance.now();
    let steps: StepOutcome[] | null = null;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      // The day in the tenant's time zone (issue #31 item 12), as the summary tells it.
      const asOf = await this.repo.today(scope);
      const claimed = await this.repo.claim(scope, RULE_STEPS.length + 1, asOf);
      if (!claimed) break;
      let again: boolean;
      try {
        const { integrity } = await this.settings.of(scope);
        const ruleSteps = runSteps(claimed, asOf);
        if (ruleSteps !== RULE_STEPS) await this.repo.progress(scope, 0, ruleSteps.length + 1);
        const params = {
          asOf,
          retirementAge: integrity.retirementAge,
          serviceLimitYears: integrity.serviceLimitYears,
          enabled: integrity.rules,
        };
        // The tenant's banks (a pass over its records) are read beside the sync and the first steps:
        // only the steps that read them wait for them (RulesRepo.runStep).
        const banks = ruleSteps.some(readsBanks) ? this.#banks(scope) : Promise.resolve({});
        banks.catch(() => undefined);
        if (this.crossTenant) {
          const others = await this.crossTenant.sync(scope);
          if (others.length) await this.crossTenant.requestOthers(others, 'another tenant changed');
        }
        steps = await this.#runSteps(scope, ruleSteps, params, banks);
        again = await this.repo.finish(scope, claimed, asOf, await this.repo.figures(scope));
      } catch (err) {
        await this.repo.abandon(scope).catch(() => undefined);
        throw err;
      }
      if (!again) break;
    }
    return { steps, ms: Math.round(performance.now() - started) };
  }

  /** Each bank name of the tenant's records mapped to the bank it means (bank-key). */
  async #banks(scope: TenantScope): Promise<Record<string, string>> {
    const banks: Record<string, string> = {};
    for (const name of await this.rules.bankNames(scope)) {
      const key = bankKeyOf(name);
      if (key) banks[name] = key;
    }
    return banks;
  }

  /**
   * The steps, STEPS_AT_ONCE at a time on connections of their own (each step is one transaction
   * over its own rules' flags, so no two touch the same rows), their outcomes in the steps' order.
   * Progress counts the steps ended, written in order. Flags raised or cleared since the flags
   * table's statistics were last refreshed: many of them (in one step or over several) refresh
   * them before the next step starts and before the figures. With statistics that still thought
   * the table empty (a tenant's first findings, or a list that just raised many, before autovacuum
   * got to them) the next merge paired each OPEN flag with every finding in a nested loop (two
   * minutes over 1,000,000 records instead of seven seconds), and the figures planned for one flag
   * where there were thousands. A step (or a refresh, or a progress write) that fails stops the
   * others from starting; the first failure is thrown once the steps under way have ended.
   */
  async #runSteps(
    scope: TenantScope,
    ruleSteps: readonly (readonly IntegrityRule[])[],
    params: RuleParams,
    banks: Promise<Record<string, string>>,
  ): Promise<StepOutcome[]> {
    const outcomes: StepOutcome[] = new Array<StepOutcome>(ruleSteps.length);
    let next = 0;
    let ended = 0;
    let unanalysed = 0;
    let failure: { err: unknown } | undefined;
    let analysing: Promise<void> = Promise.resolve();
    let progress: Promise<void> = Promise.resolve();
    const lane = async () => {
      while (!failure && next < ruleSteps.length) {
        const i = next++;
        try {
          await analysing;
          const outcome = await this.rules.runStep(scope, ruleSteps[i]!, params, banks);
          outcomes[i] = outcome;
          unanalysed += outcome.raised + outcome.cleared;
          if (unanalysed >= LARGE_FLAG_CHANGE) {
            unanalysed = 0;
            analysing = analysing.then(() => this.rules.analyzeFlags());
          }
          const n = ++ended;
          progress = progress.then(() => this.repo.progress(scope, n));
          await Promise.all([analysing, progress]);
        } catch (err) {
          failure ??= { err };
        }
      }
    };
    await Promise.all(Array.from({ length: STEPS_AT_ONCE }, lane));
    if (failure) throw failure.err;
    return outcomes;
  }
}
