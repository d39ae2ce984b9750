import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '@portal/contract/verification';
import { buildAppealFigures } from '../../../test/build-appeal-figures.ts';
import { funnelSteps } from './verification-funnel.ts';

function buildStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    totalUniqueRecords: 0,
    totalVerified: 0,
    totalValidated: 0,
    totalPendingApproval: 0,
    totalMismatched: 0,
    totalNotFound: 0,
    totalReviewers: 0,
    totalSelfServiceUsers: 0,
    totalAgentAccounts: 0,
    totalUploaded: 0,
    totalAwaitingRevalidation: 0,
    totalRejected: 0,
    totalPendingSecondApproval: 0,
    totalSuspended: 0,
    totalMatchedClosely: 0,
    appeals: buildAppealFigures(),
    ...overrides,
  };
}

/** The sample master list after one bulk verification. */
const sample = buildStats({
  totalUniqueRecords: 2000,
  totalVerified: 1880,
  totalPendingApproval: 1800,
  totalMismatched: 80,
  totalNotFound: 120,
  totalMatchedClosely: 30,
});

describe('funnel steps', () => {
  it('follow uploaded → verified → validated with not found and mismatched as branches', () => {
    const steps = funnelSteps(sample);
    expect(steps.map((s) => [s.key, s.count, s.share, s.branch])).toEqual([
      ['uploaded', 2000, 100, false],
      ['notFound', 120, 6, true],
      ['verified', 1880, 94, false],
      ['matchedExactly', 1770, 88.5, false],
      ['matchedClosely', 30, 1.5, false],
      ['mismatched', 80, 4, true],
      ['validated', 0, 0, false],
    ]);
    expect(steps.find((s) => s.key === 'mismatched')?.parent).toBe('Verified (SoT)');
    expect(steps.find((s) => s.key === 'notFound')?.parent).toBe('Uploaded');
  });

  it('split the verified records into matched exactly, matched closely and mismatched (issue #20)', () => {
    const steps = funnelSteps(sample);
    const count = (key: string) => steps.find((s) => s.key === key)!.count;
    expect(count('matchedExactly') + count('matchedClosely') + count('mismatched')).toBe(count('verified'));
    expect(steps.find((s) => s.key === 'matchedClosely')).toMatchObject({
      label: 'Matched closely (name)',
      level: 2,
    });
  });

  it('show the records not verified yet as a branch while there are some', () => {
    const steps = funnelSteps(buildStats({ totalUniqueRecords: 2000, totalUploaded: 2000 }));
    expect(steps.find((s) => s.key === 'awaiting')).toMatchObject({ count: 2000, share: 100, branch: true });
  });
});
