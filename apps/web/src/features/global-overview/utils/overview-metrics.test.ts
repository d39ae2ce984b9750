import { describe, expect, it } from 'vitest';
import type { PlatformOverview } from '@portal/contract/tenants';
import { platformMetrics, systemHealthMetrics } from './overview-metrics.ts';

function buildOverview(overrides: Partial<PlatformOverview> = {}): PlatformOverview {
  return {
    systemHealth: {
      overallStatus: 'Operational',
      apiUptime7dPercent: 99.98,
      avgResponseTimeMs: 120,
      errorRate24hPercent: 0.02,
    },
    platform: {
      activeTenants: 12,
      verifications30d: 1_450_000,
      totalRegisteredUsers: 89_500,
      subscriptions: { active: 10, trial: 2 },
    },
    ...overrides,
  };
}

const valuesOf = (metrics: { label: string; value: string }[]) =>
  Object.fromEntries(metrics.map((m) => [m.label, m.value]));

describe('overview metrics', () => {
  it.each([
    [
      'the system health as the specification shows it',
      systemHealthMetrics,
      {
        'Overall Status': 'Operational',
        'API Uptime (7 Days)': '99.98%',
        'Avg. Response Time': '120ms',
        'Error Rate (24h)': '0.02%',
      },
    ],
    [
      'the platform counts compactly, with at most two fraction digits',
      platformMetrics,
      {
        'Active Tenants': '12',
        'Verifications (30 Days)': '1.45M',
        'Total Registered Users': '89.5K',
        'Subscription Status': '10 Paid / 2 Trial',
      },
    ],
  ])('formats %s', (_what, metricsOf, expected) => {
    expect(valuesOf(metricsOf(buildOverview()))).toEqual(expected);
  });

  it('rounds long fractions and keeps whole numbers plain', () => {
    const metrics = systemHealthMetrics(
      buildOverview({
        systemHealth: {
          overallStatus: 'Degraded',
          apiUptime7dPercent: 100,
          avgResponseTimeMs: 87.6,
          errorRate24hPercent: 6.6666,
        },
      }),
    );
    expect(valuesOf(metrics)).toMatchObject({
      'API Uptime (7 Days)': '100%',
      'Avg. Response Time': '88ms',
      'Error Rate (24h)': '6.67%',
    });
    expect(metrics[0]).toMatchObject({ value: 'Degraded', tone: 'warning' });
    const counts = platformMetrics(
      buildOverview({
        platform: {
          activeTenants: 0,
          verifications30d: 1_234_567,
          totalRegisteredUsers: 999,
          subscriptions: { active: 0, trial: 0 },
        },
      }),
    );
    expect(valuesOf(counts)).toMatchObject({
      'Active Tenants': '0',
      'Verifications (30 Days)': '1.23M',
      'Total Registered Users': '999',
      'Subscription Status': '0 Paid / 0 Trial',
    });
  });
});
