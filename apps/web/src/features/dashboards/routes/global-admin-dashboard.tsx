import { Navigate, type RouteObject } from 'react-router';
import CorporateFare from '@mui/icons-material/CorporateFare';
import Dashboard from '@mui/icons-material/Dashboard';
import { homeForRole } from '@portal/contract/roles';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { DashboardLayout } from '../components/dashboard-layout.tsx';
import type { DashboardTab } from '../components/dashboard-tabs.tsx';
import { SectionPlaceholder } from '../components/section-placeholder.tsx';

const texts = UI_TEXTS.dashboards.globalAdmin;
const BASE_PATH = homeForRole('GLOBAL_SUPER_ADMIN');

const TABS: readonly DashboardTab[] = [
  { path: 'overview', label: texts.overview, icon: <Dashboard /> },
  { path: 'tenants', label: texts.tenants, icon: <CorporateFare /> },
];

/** /dashboard/global-admin: layout and child routes (SPEC §2). */
export const globalAdminDashboardRoute: RouteObject = {
  element: (
    <DashboardLayout
      basePath={BASE_PATH}
      title={texts.title}
      subtitle={texts.subtitle}
      tabs={TABS}
      tabsLabel={texts.tabsLabel}
    />
  ),
  children: [
    { index: true, element: <Navigate to="overview" replace /> },
    { path: 'overview', element: <SectionPlaceholder title={texts.overview} /> },
    { path: 'tenants', element: <SectionPlaceholder title={texts.tenants} /> },
  ],
};
