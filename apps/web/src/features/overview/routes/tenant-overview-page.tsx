import { useEffect } from 'react';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { TabTitle } from '../../../components/tab-header.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useDashboardStats } from '../../../lib/dashboard-stats.ts';
import { AppealsSection } from '../components/appeals-section.tsx';
import { IntegrityAtStakeCard } from '../components/integrity-at-stake-card.tsx';
import { OverviewStatGrid } from '../components/overview-stat-grid.tsx';
import { VerificationFunnelChart } from '../components/verification-funnel-chart.tsx';
import { OVERVIEW_TEXTS } from '../overview-texts.ts';

/**
 * /dashboard/tenant-admin/overview: the nine figures, the pay at stake the integrity rules found
 * (issue #21) the verification funnel (SPEC §2) and the appeals' figures (issue #34).
 * A failed load is only logged (SPEC §8): the spinner stops and the cards show dashes.
 */
export function TenantOverviewPage() {
  const stats = useDashboardStats();

  useEffect(() => {
    if (stats.isError) console.error('Could not load the dashboard statistics', stats.error);
  }, [stats.isError, stats.error]);

  return (
    <Stack spacing={3}>
      <div>
        <TabTitle title={OVERVIEW_TEXTS.title} subtitle={OVERVIEW_TEXTS.subtitle} small />
      </div>
      {stats.isPending ? (
        <LoadingState message={OVERVIEW_TEXTS.loading} />
      ) : (
        <>
          <OverviewStatGrid stats={stats.data}>
            <IntegrityAtStakeCard />
          </OverviewStatGrid>
          {stats.data && (
            <>
              <Divider />
              <VerificationFunnelChart stats={stats.data} />
              <Divider />
              <AppealsSection figures={stats.data.appeals} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
