import { describe, expect, it } from 'vitest';
import type { TenantSettings } from '@portal/contract/settings';
import { tenantScope } from '../../access/actor.ts';
import { IntegrityEvaluator } from './evaluate.ts';
import type { IntegrityRepo, StoredSummary } from './integrity.repo.ts';
import { RULE_STEPS, type RulesRepo, type StepOutcome } from './rules.repo.ts';

const SUMMARY: StoredSummary = {
  rules: [],
  total: { flaggedRecords: 0, payUnknownRecords: 0, monthlyKobo: 0 },
  byMinistry: [],
};

/**
 * One run whose steps raise and clear the flags `changes` say (one number a step: raised, with a
 * tenth of it counted as cleared instead), over fakes of the repositories; answers what the run
 * did, in order: each step, each refresh of the flags table's statistics, the figures.
 */
async function runWith(changes: number[]): Promise<string[]> {
  expect(changes).toHaveLength(RULE_STEPS.length);
  const done: string[] = [];
  const repo = {
    claim: async () => '2026-01-01 00:00:00+00',
    today: async () => '2026-01-01',
    progress: async () => undefined,
    figures: async () => {
      done.push('figures');
      return SUMMARY;
    },
    finish: async () => false,
    abandon: async () => undefined,
  } as unknown as IntegrityRepo;
  const rules = {
    bankNames: async () => [],
    runStep: async (): Promise<StepOutcome> => {
      const n = changes[done.filter((d) => d.startsWith('step')).length]!;
      done.push(`step ${n}`);
      const cleared = Math.floor(n / 10);
      return { hits: n, raised: n - cleared, cleared };
    },
    analyzeFlags: async () => {
      done.push('analyze');
    },
  } as unknown as RulesRepo;
  const settings = {
    of: async () =>
      ({ integrity: { retirementAge: 60, serviceLimitYears: 35, rules: {} } }) as TenantSettings,
  };
  await new IntegrityEvaluator(repo, rules, settings).run(tenantScope('t'));
  return done;
}

/** `n` steps that change nothing (the tests name the steps that do; the rest of RULE_STEPS are these). */
const quiet = (n: number): number[] => Array<number>(n).fill(0);
const STEPS = RULE_STEPS.length;

describe("the evaluation refreshes the flags table's statistics after many flags changed", () => {
  it('not while fewer than 1,000 flags were raised or cleared in the whole run', async () => {
    expect(await runWith([400, 300, 299, ...quiet(STEPS - 3)])).toEqual([
      'step 400',
      'step 300',
      'step 299',
      ...Array(STEPS - 3).fill('step 0'),
      'figures',
    ]);
  });

  it('once 1,000 were, over several steps, before the next step and the figures', async () => {
    expect(await runWith([...quiet(STEPS - 3), 400, 300, 300])).toEqual([
      ...Array(STEPS - 3).fill('step 0'),
      'step 400',
      'step 300',
      'step 300',
      'analyze',
      'figures',
    ]);
  });

  it('after a step of 1,000 at once, and again once the steps after it add up to 1,000', async () => {
    expect(await runWith([1500, 600, 399, 1, ...quiet(STEPS - 5), 10])).toEqual([
      'step 1500',
      'analyze',
      'step 600',
      'step 399',
      'step 1',
      'analyze',
      ...Array(STEPS - 5).fill('step 0'),
      'step 10',
      'figures',
    ]);
  });
});
