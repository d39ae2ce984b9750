import { Navigate, type RouteObject } from 'react-router';
import { homeForRole } from '@portal/contract/roles';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { DashboardLayout } from '../components/dashboard-layout.tsx';
import { ValidationQueuePage } from '../../../features/validation/routes/validation-queue-page.tsx';
import { UnassignedReviewerNotice } from '../../../features/validation/components/unassigned-reviewer-notice.tsx';

const texts = UI_TEXTS.dashboards.reviewer;

/** /dashboard/reviewer: layout and child routes (SPEC §2). */
export const reviewerDashboardRoute: RouteObject = {
  element: (
    <DashboardLayout basePath={homeForRole('REVIEWER')} title={texts.title} subtitle={texts.subtitle} />
  ),
  children: [
    { index: true, element: <Navigate to="queue" replace /> },
    {
      path: 'queue',
      element: (
        <>
          <UnassignedReviewerNotice />
          <ValidationQueuePage variant="reviewer" />
        </>
      ),
    },
  ],
};
