import { describe, expect, it } from 'vitest';
import type { TenantSettings } from '@portal/contract/settings';
import { tenantScope } from '../../access/actor.ts';
import { IntegrityEvaluator } from './evaluate.ts';
import type { ClaimedRun, IntegrityRepo, StoredSummary } from './integrity.repo.ts';
import { CROSS_TENANT_STEPS, RULE_STEPS, type RulesRepo, type StepOutcome } from './rules.repo.ts';

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
async function runWith(
  changes: number[],
  claimed: Partial<ClaimedRun> = {},
  ran: (readonly string[])[] = [],
): Promise<string[]> {
  const done: string[] = [];
  const repo = {
    claim: async (): Promise<ClaimedRun> => ({
      covers: '2026-01-01 00:00:00+00',
      othersCovers: null,
      ownChange: true,
      asOf: '2026-01-01',
      ...claimed,
    }),
    today: async () => '2026-01-01',
    progress: async (_scope: unknown, _done: number, total?: number) => {
      if (total !== undefined) done.push(`of ${total}`);
    },
    figures: async () => {
      done.push('figures');
      return SUMMARY;
    },
    finish: async () => false,
    abandon: async () => undefined,
  } as unknown as IntegrityRepo;
  const rules = {
    bankNames: async () => [],
    runStep: async (_scope: unknown, rules: readonly string[]): Promise<StepOutcome> => {
      const n = changes[done.filter((d) => d.startsWith('step')).length] ?? 0;
      done.push(`step ${n}`);
      ran.push(rules);
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

describe('which rules a run evaluates (DECISIONS 273)', () => {
  const rulesRun = async (claimed: Partial<ClaimedRun>) => {
    const ran: (readonly string[])[] = [];
    const done = await runWith([], claimed, ran);
    return { ran, done };
  };

  it("all of them after a change of the tenant's own", async () => {
    const { ran, done } = await rulesRun({ ownChange: true });
    expect(ran).toEqual(RULE_STEPS);
    expect(done.at(-1)).toBe('figures');
  });

  it("only those reading other tenants' records when only another tenant's change asked", async () => {
    const { ran, done } = await rulesRun({ ownChange: false, othersCovers: '2026-01-01 00:00:01+00' });
    expect(ran).toEqual([['ON_ANOTHER_PAYROLL']]);
    expect(ran).toEqual(CROSS_TENANT_STEPS);
    // The progress the screen shows counts the run's own steps (and the figures).
    expect(done).toEqual([`of ${CROSS_TENANT_STEPS.length + 1}`, 'step 0', 'figures']);
  });

  it('all of them on a new day, whatever asked (ages and dates move on)', async () => {
    const { ran } = await rulesRun({ ownChange: false, asOf: '2025-12-31' });
    expect(ran).toEqual(RULE_STEPS);
  });
});

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
