import { Navigate, type RouteObject } from 'react-router';
import CorporateFare from '@mui/icons-material/CorporateFare';
import Dashboard from '@mui/icons-material/Dashboard';
import History from '@mui/icons-material/History';
import { AUDIT_TEXTS } from '@portal/contract/audit';
import { homeForRole } from '@portal/contract/roles';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { lazyScreen, type ScreenLoader } from '../../lazy-screen.tsx';
import { DashboardLayout } from '../components/dashboard-layout.tsx';
import type { DashboardTab } from '../components/dashboard-tabs.tsx';

const texts = UI_TEXTS.dashboards.globalAdmin;
const BASE_PATH = homeForRole('GLOBAL_SUPER_ADMIN');

export const GLOBAL_ADMIN_TABS: readonly DashboardTab[] = [
  { path: 'overview', label: texts.overview, icon: <Dashboard /> },
  { path: 'tenants', label: texts.tenants, icon: <CorporateFare /> },
  { path: 'events', label: AUDIT_TEXTS.platformTab, icon: <History /> },
];

export interface GlobalAdminSections {
  overview: ScreenLoader;
  tenants: ScreenLoader;
  /** The platform's audit events (issue #22). */
  events: ScreenLoader;
}

/**
 * /dashboard/global-admin: layout and child routes (SPEC §2). The sections come from their own
 * features; the app's route table puts them together, so features do not import each other.
 */
export function globalAdminDashboardRoute(sections: GlobalAdminSections): RouteObject {
  return {
    element: (
      <DashboardLayout
        basePath={BASE_PATH}
        title={texts.title}
        subtitle={texts.subtitle}
        tabs={GLOBAL_ADMIN_TABS}
        tabsLabel={texts.tabsLabel}
      />
    ),
    children: [
      { index: true, element: <Navigate to="overview" replace /> },
      { path: 'overview', ...lazyScreen(sections.overview) },
      { path: 'tenants', ...lazyScreen(sections.tenants) },
      { path: 'events', ...lazyScreen(sections.events) },
    ],
  };
}
