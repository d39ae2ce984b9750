import { Navigate, type RouteObject } from 'react-router';
import { homeForRole } from '@portal/contract/roles';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { DashboardLayout } from '../components/dashboard-layout.tsx';
import { SectionPlaceholder } from '../components/section-placeholder.tsx';

const texts = UI_TEXTS.dashboards.user;

/** /dashboard/user: layout and child routes (SPEC §2). */
export const userDashboardRoute: RouteObject = {
  element: (
    <DashboardLayout
      basePath={homeForRole('SELF_SERVICE_USER')}
      title={texts.title}
      subtitle={texts.subtitle}
      panelTitle={texts.panel}
    />
  ),
  children: [
    { index: true, element: <Navigate to="profile" replace /> },
    { path: 'profile', element: <SectionPlaceholder title={texts.profile} titleComponent="h3" /> },
  ],
};
