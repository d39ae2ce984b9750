import { Navigate, type RouteObject } from 'react-router';
import { homeForRole } from '@portal/contract/roles';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { lazyScreen, type ScreenLoader } from '../../lazy-screen.tsx';
import { DashboardLayout } from '../components/dashboard-layout.tsx';

const texts = UI_TEXTS.dashboards.user;

export interface UserSections {
  /** The employee's own record (features/profile). */
  profile: ScreenLoader;
}

/**
 * /dashboard/user: layout and child routes (SPEC §2). The section comes from its own feature;
 * the app's route table puts them together, so features do not import each other.
 */
export function userDashboardRoute(sections: UserSections): RouteObject {
  return {
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
      { path: 'profile', ...lazyScreen(sections.profile) },
    ],
  };
}
