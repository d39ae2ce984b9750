import { Navigate, type RouteObject } from 'react-router';
import { homeForRole } from '@portal/contract/roles';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { DashboardLayout } from '../components/dashboard-layout.tsx';
import type { DashboardTab } from '../components/dashboard-tabs.tsx';
import { lazyScreen } from '../../lazy-screen.tsx';
import { INTEGRITY_TEXTS } from '../../../features/integrity/integrity-texts.ts';
import { APPROVALS_TEXTS } from '../../../features/approvals/approvals-texts.ts';
import { APPEALS_TEXTS } from '../../../features/appeals/appeals-texts.ts';

const texts = UI_TEXTS.dashboards.reviewer;

/**
 * The reviewer's queue (SPEC §2), the integrity flags of their assignments (issue #21) and their
 * own decisions awaiting a second approver (issue #22), and the appeals about their records (issue #34).
 */
const TABS: readonly DashboardTab[] = [
  { path: 'queue', label: texts.queue },
  { path: 'integrity', label: INTEGRITY_TEXTS.reviewerTab },
  // Four-eyes (issue #22): the reviewer's own decisions awaiting a tenant admin, to withdraw.
  { path: 'approvals', label: APPROVALS_TEXTS.maker.tab },
  // Appeals (issue #34): the appeals about the records of the reviewer's assignments.
  { path: 'appeals', label: APPEALS_TEXTS.reviewerTab },
];

/** /dashboard/reviewer: layout and child routes (SPEC §2). */
export const reviewerDashboardRoute: RouteObject = {
  element: (
    <DashboardLayout
      basePath={homeForRole('REVIEWER')}
      title={texts.title}
      subtitle={texts.subtitle}
      tabs={TABS}
      tabsLabel={INTEGRITY_TEXTS.reviewerTabsLabel}
    />
  ),
  children: [
    { index: true, element: <Navigate to="queue" replace /> },
    // Each screen from its own chunk (issue #32).
    {
      path: 'queue',
      ...lazyScreen(async () => {
        const [{ UnassignedReviewerNotice }, { ValidationQueuePage }] = await Promise.all([
          import('../../../features/validation/components/unassigned-reviewer-notice.tsx'),
          import('../../../features/validation/routes/validation-queue-page.tsx'),
        ]);
        return (
          <>
            <UnassignedReviewerNotice />
            <ValidationQueuePage variant="reviewer" />
          </>
        );
      }),
    },
    {
      path: 'integrity',
      ...lazyScreen(async () => {
        const { IntegrityPage } = await import('../../../features/integrity/routes/integrity-page.tsx');
        return <IntegrityPage variant="reviewer" />;
      }),
    },
    {
      path: 'approvals',
      ...lazyScreen(async () => {
        const { ApprovalsPage } = await import('../../../features/approvals/routes/approvals-page.tsx');
        return <ApprovalsPage variant="maker" />;
      }),
    },
    {
      path: 'appeals',
      ...lazyScreen(async () => {
        const { AppealsPage } = await import('../../../features/appeals/routes/appeals-page.tsx');
        return <AppealsPage variant="reviewer" />;
      }),
    },
  ],
};
