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
 * One run whose steps raise and clear the flags `changes` say (one number a step, in the steps'
 * order: raised, with a tenth of it counted as cleared instead), over fakes of the repositories;
 * answers what the run did, in order: each step's start (`step n`) and end (`ended n`, a
 * millisecond later, so that steps run side by side), each refresh of the flags table's
 * statistics, the figures. `failAt`: the index of a step that throws (-1: the refresh throws).
 */
async function runWith(
  changes: number[],
  claimed: Partial<ClaimedRun> = {},
  ran: (readonly string[])[] = [],
  failAt?: number,
  done: string[] = [],
): Promise<string[]> {
  const repo = {
    claim: async (): Promise<ClaimedRun> => ({
      covers: '2026-01-01 00:00:00+00',
      othersCovers: null,
      rulesCovers: null,
      ownChange: true,
      othersChange: false,
      rules: [],
      asOf: '2026-01-01',
      ...claimed,
    }),
    today: async () => '2026-01-01',
    progress: async (_scope: unknown, n: number, total?: number) => {
      done.push(total !== undefined ? `of ${total}` : `progress ${n}`);
    },
    figures: async () => {
      done.push('figures');
      return SUMMARY;
    },
    finish: async () => false,
    abandon: async () => {
      done.push('abandoned');
    },
  } as unknown as IntegrityRepo;
  let started = 0;
  const rules = {
    bankNames: async () => [],
    runStep: async (_scope: unknown, rules: readonly string[]): Promise<StepOutcome> => {
      const i = started++;
      const n = changes[i] ?? 0;
      done.push(`step ${n}`);
      ran.push(rules);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (i === failAt) throw new Error('step failed');
      done.push(`ended ${n}`);
      const cleared = Math.floor(n / 10);
      return { hits: n, raised: n - cleared, cleared };
    },
    analyzeFlags: async () => {
      done.push('analyze');
      if (failAt === -1) throw new Error('analyze failed');
    },
  } as unknown as RulesRepo;
  const settings = {
    of: async () =>
      ({ integrity: { retirementAge: 60, serviceLimitYears: 35, rules: {} } }) as TenantSettings,
  };
  await new IntegrityEvaluator(repo, rules, settings).run(tenantScope('t'));
  return done;
}

/** What the run did but its progress writes (the tests of progress read them). */
const withoutProgress = (done: string[]) => done.filter((d) => !d.startsWith('progress '));

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
    const { ran, done } = await rulesRun({
      ownChange: false,
      othersChange: true,
      othersCovers: '2026-01-01 00:00:01+00',
    });
    expect(ran).toEqual([['ON_ANOTHER_PAYROLL']]);
    expect(ran).toEqual(CROSS_TENANT_STEPS);
    // The progress the screen shows counts the run's own steps (and the figures).
    expect(done).toEqual([
      `of ${CROSS_TENANT_STEPS.length + 1}`,
      'step 0',
      'ended 0',
      'progress 1',
      'figures',
    ]);
  });

  it('all of them on a new day, whatever asked (ages and dates move on)', async () => {
    const { ran } = await rulesRun({ ownChange: false, asOf: '2025-12-31' });
    expect(ran).toEqual(RULE_STEPS);
    const listed = await rulesRun({ ownChange: false, rules: ['PAID_AFTER_EXIT'], asOf: '2025-12-31' });
    expect(listed.ran).toEqual(RULE_STEPS);
  });

  it('only the rules an HR list decides when only its upload asked (DECISIONS 304)', async () => {
    const { ran, done } = await rulesRun({ ownChange: false, rules: ['PAID_AFTER_EXIT'] });
    expect(ran).toEqual([['PAID_AFTER_EXIT']]);
    expect(done).toEqual(['of 2', 'step 0', 'ended 0', 'progress 1', 'figures']);
    // Two lists and another tenant's change: the three steps, in the steps' order.
    const more = await rulesRun({
      ownChange: false,
      othersChange: true,
      rules: ['NOT_ON_NOMINAL_ROLL', 'PAY_ABOVE_SCALE'],
    });
    expect(more.ran).toEqual([['PAY_ABOVE_SCALE'], ['NOT_ON_NOMINAL_ROLL'], ['ON_ANOTHER_PAYROLL']]);
  });

  it("all of them when a list's upload and a change of the tenant's own both asked", async () => {
    const { ran } = await rulesRun({ ownChange: true, rules: ['PAID_AFTER_EXIT'] });
    expect(ran).toEqual(RULE_STEPS);
  });
});

describe('the steps run two at a time', () => {
  it('two are under way at once, never three; each is counted in progress as it ends, in order', async () => {
    const done = await runWith(quiet(STEPS));
    let running = 0;
    let most = 0;
    for (const d of done) {
      if (d.startsWith('step ')) most = Math.max(most, ++running);
      if (d.startsWith('ended ')) running -= 1;
    }
    expect(most).toBe(2);
    const progress = done.filter((d) => d.startsWith('progress ')).map((d) => Number(d.split(' ')[1]));
    expect(progress).toEqual(Array.from({ length: STEPS }, (_, i) => i + 1));
    expect(done.at(-1)).toBe('figures');
  });

  it('a step that fails: no step starts after it, the run is abandoned, no figures', async () => {
    const ran: (readonly string[])[] = [];
    const done: string[] = [];
    await expect(runWith(quiet(STEPS), {}, ran, 2, done)).rejects.toThrow('step failed');
    // Steps 0 and 1 side by side, then 2 (which fails) beside 3, started before 2 ended.
    expect(ran).toEqual(RULE_STEPS.slice(0, 4));
    // The step beside it ended before the run was given up.
    expect(withoutProgress(done).slice(-2)).toEqual(['ended 0', 'abandoned']);
    expect(done).not.toContain('figures');
  });

  it('a refresh of the statistics that fails stops the run as a failed step does', async () => {
    const ran: (readonly string[])[] = [];
    const done: string[] = [];
    await expect(runWith([1500, ...quiet(STEPS - 1)], {}, ran, -1, done)).rejects.toThrow('analyze failed');
    expect(ran.length).toBeLessThan(STEPS);
    expect(done.at(-1)).toBe('abandoned');
    expect(done.filter((d) => d.startsWith('step ')).length).toBe(
      done.filter((d) => d.startsWith('ended ')).length,
    );
  });
});

describe("the evaluation refreshes the flags table's statistics after many flags changed", () => {
  /** Each step that started after `ended n` started after an analyze that came after it. */
  const analysedBeforeLaterSteps = (done: string[], n: number) => {
    const end = done.indexOf(`ended ${n}`);
    const analyze = done.indexOf('analyze', end);
    expect(analyze, `an analyze after the step of ${n}`).toBeGreaterThan(end);
    const later = done.slice(end + 1, analyze).filter((d) => d.startsWith('step '));
    expect(later, 'no step starts between the end and the analyze').toEqual([]);
  };

  it('not while fewer than 1,000 flags were raised or cleared in the whole run', async () => {
    const done = await runWith([400, 300, 299, ...quiet(STEPS - 3)]);
    expect(done).not.toContain('analyze');
    expect(done.filter((d) => d.startsWith('ended '))).toHaveLength(STEPS);
    expect(done.at(-1)).toBe('figures');
  });

  it('once 1,000 were, over several steps, before the figures', async () => {
    const done = withoutProgress(await runWith([...quiet(STEPS - 3), 400, 300, 300]));
    expect(done.filter((d) => d === 'analyze')).toHaveLength(1);
    expect(done.slice(-2)).toEqual(['analyze', 'figures']);
  });

  it('after a step of 1,000 at once, and again once the steps after it add up to 1,000', async () => {
    const done = withoutProgress(await runWith([1500, 600, 399, 1, ...quiet(STEPS - 5), 10]));
    analysedBeforeLaterSteps(done, 1500);
    // 600 + 399 + 1 after the first refresh: a second one, before the steps after the last of them.
    analysedBeforeLaterSteps(done, 1);
    expect(done.filter((d) => d === 'analyze')).toHaveLength(2);
    expect(done.at(-1)).toBe('figures');
  });
});
