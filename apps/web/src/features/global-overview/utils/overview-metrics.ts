import type { PlatformOverview } from '@portal/contract/tenants';
import { formatCompactNumber, formatMilliseconds, formatPercent } from '../../../lib/format.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';

const texts = UI_TEXTS.globalOverview;

export interface Metric {
  label: string;
  value: string;
  /** 'warning' draws attention to a degraded status. */
  tone?: 'success' | 'warning';
}

/** The four cards of 'System Health & Performance', formatted as SPEC §2 shows them. */
export function systemHealthMetrics({ systemHealth: h }: PlatformOverview): Metric[] {
  return [
    {
      label: texts.overallStatus,
      value: h.overallStatus,
      tone: h.overallStatus === 'Operational' ? 'success' : 'warning',
    },
    { label: texts.apiUptime, value: formatPercent(h.apiUptime7dPercent) },
    { label: texts.avgResponseTime, value: formatMilliseconds(h.avgResponseTimeMs) },
    { label: texts.errorRate, value: formatPercent(h.errorRate24hPercent) },
  ];
}

/** The four cards of 'Platform Metrics (All Tenants)'. */
export function platformMetrics({ platform: p }: PlatformOverview): Metric[] {
  return [
    { label: texts.activeTenants, value: formatCompactNumber(p.activeTenants) },
    { label: texts.verifications, value: formatCompactNumber(p.verifications30d) },
    { label: texts.registeredUsers, value: formatCompactNumber(p.totalRegisteredUsers) },
    {
      label: texts.subscriptionStatus,
      value: texts.subscriptions(p.subscriptions.active, p.subscriptions.trial),
    },
  ];
}
