import type { DashboardStats } from '@portal/contract/verification';
import { sharePercent } from '../../../lib/format.ts';
import { OVERVIEW_TEXTS } from '../overview-texts.ts';

const texts = OVERVIEW_TEXTS.funnel;

export type FunnelTone = 'primary' | 'success' | 'warning' | 'neutral';

/** One bar of the funnel: the main path (uploaded → verified → validated) or a branch off it. */
export interface FunnelStep {
  key:
    | 'uploaded'
    | 'awaiting'
    | 'notFound'
    | 'verified'
    | 'matchedExactly'
    | 'matchedClosely'
    | 'mismatched'
    | 'validated';
  label: string;
  count: number;
  /** Share of all uploaded records, 0–100 (unrounded: bar widths). */
  share: number;
  /** Indentation: 0 the uploaded records, 1 what verification made of them, 2 what review made of those. */
  level: 0 | 1 | 2;
  branch: boolean;
  tone: FunnelTone;
  /** The label of the step a branch leaves from. */
  parent?: string;
}

/**
 * The funnel of the overview from the dashboard figures. Verified counts every record found in
 * the SoT whatever its review state since, so mismatched and validated are parts of it; not found
 * and not verified yet are the other parts of the uploaded records. The verified records are
 * matched exactly, matched closely (a name the name matching judged the same person's: issue #20)
 * or mismatched.
 */
export function funnelSteps(stats: DashboardStats): FunnelStep[] {
  const total = stats.totalUniqueRecords;
  const step = (fields: Omit<FunnelStep, 'share'>): FunnelStep => ({
    ...fields,
    share: sharePercent(fields.count, total),
  });
  const steps: FunnelStep[] = [
    step({ key: 'uploaded', label: texts.uploaded, count: total, level: 0, branch: false, tone: 'primary' }),
  ];
  if (stats.totalUploaded > 0) {
    steps.push(
      step({
        key: 'awaiting',
        label: texts.awaiting,
        count: stats.totalUploaded,
        level: 1,
        branch: true,
        tone: 'neutral',
        parent: texts.uploaded,
      }),
    );
  }
  steps.push(
    step({
      key: 'notFound',
      label: texts.notFound,
      count: stats.totalNotFound,
      level: 1,
      branch: true,
      tone: 'warning',
      parent: texts.uploaded,
    }),
    step({
      key: 'verified',
      label: texts.verified,
      count: stats.totalVerified,
      level: 1,
      branch: false,
      tone: 'primary',
    }),
    step({
      key: 'matchedExactly',
      label: texts.matchedExactly,
      count: Math.max(0, stats.totalVerified - stats.totalMismatched - stats.totalMatchedClosely),
      level: 2,
      branch: false,
      tone: 'primary',
    }),
    step({
      key: 'matchedClosely',
      label: texts.matchedClosely,
      count: stats.totalMatchedClosely,
      level: 2,
      branch: false,
      tone: 'primary',
    }),
    step({
      key: 'mismatched',
      label: texts.mismatched,
      count: stats.totalMismatched,
      level: 2,
      branch: true,
      tone: 'warning',
      parent: texts.verified,
    }),
    step({
      key: 'validated',
      label: texts.validated,
      count: stats.totalValidated,
      level: 2,
      branch: false,
      tone: 'success',
    }),
  );
  return steps;
}
