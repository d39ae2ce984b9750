import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contract/messages';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatTime } from '../../../lib/format.ts';
import { LoadingState } from '../../../components/loading-state.tsx';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { usePlatformOverview } from '../api/get-platform-overview.ts';
import { CrossTenantPairsSection } from '../components/cross-tenant-pairs-section.tsx';
import { MetricSection } from '../components/metric-section.tsx';
import { platformMetrics, systemHealthMetrics } from '../utils/overview-metrics.ts';
import { RetryAlert } from '../../../components/retry-alert.tsx';

const texts = UI_TEXTS.globalOverview;

/**
 * /dashboard/global-admin/overview: live system health and platform metrics (SPEC §2), and the
 * tenants whose payrolls share identifiers (issue #36 item 4).
 */
export function GlobalOverviewPage() {
  const overview = usePlatformOverview();

  if (!overview.data) {
    if (overview.isError) {
      return (
        <RetryAlert onRetry={() => void overview.refetch()}>
          {texts.loadFailed(errorMessage(overview.error, MESSAGES.auth.defaultError))}
        </RetryAlert>
      );
    }
    return <LoadingState message={texts.loading} />;
  }

  return (
    <Stack spacing={4}>
      <MetricSection title={texts.systemHealth} metrics={systemHealthMetrics(overview.data)} />
      <MetricSection title={texts.platformMetrics} metrics={platformMetrics(overview.data)} />
      <CrossTenantPairsSection />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {texts.lastUpdated(formatTime(overview.dataUpdatedAt))}
      </Typography>
    </Stack>
  );
}
