import type { PlatformOverview } from '@portal/contract/tenants';
import type { OverviewRepo } from './overview.repo.ts';
import type { RequestMetrics } from './request-metrics.ts';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The global overview, computed live from the platform's own records. */
export class OverviewService {
  constructor(
    private readonly repo: OverviewRepo,
    private readonly metrics: RequestMetrics,
  ) {}

  async overview(): Promise<PlatformOverview> {
    const [uptime, day, counts] = await Promise.all([
      this.repo.uptimeWindow(),
      this.repo.last24h(),
      this.repo.platformCounts(),
    ]);
    const pending = this.metrics.pending();
    const requests = day.requests + pending.requests;
    const errors = day.serverErrors + pending.serverErrors;
    const totalMs = day.totalMs + pending.totalMs;
    const errorRate = requests > 0 ? (errors / requests) * 100 : 0;
    return {
      systemHealth: {
        overallStatus: errorRate < 5 ? 'Operational' : 'Degraded',
        apiUptime7dPercent: round(
          Math.min(100, (uptime.upMinutes / Math.max(1, uptime.windowMinutes)) * 100),
          2,
        ),
        avgResponseTimeMs: requests > 0 ? Math.round(totalMs / requests) : 0,
        errorRate24hPercent: round(errorRate, 2),
      },
      platform: {
        activeTenants: counts.tenants,
        verifications30d: counts.verifications,
        totalRegisteredUsers: counts.users,
        subscriptions: { active: counts.active, trial: counts.trial },
      },
    };
  }
}
