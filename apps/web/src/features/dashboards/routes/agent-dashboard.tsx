import { Navigate, type RouteObject } from 'react-router';
import { homeForRole } from '@portal/contract/roles';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { DashboardLayout } from '../components/dashboard-layout.tsx';
import { SectionPlaceholder } from '../components/section-placeholder.tsx';

const texts = UI_TEXTS.dashboards.agent;

/** /dashboard/agent: layout and child routes (SPEC §2). */
export const agentDashboardRoute: RouteObject = {
  element: (
    <DashboardLayout
      basePath={homeForRole('AGENT')}
      title={texts.title}
      subtitle={texts.subtitle}
      panelTitle={texts.panel}
    />
  ),
  children: [
    { index: true, element: <Navigate to="verify" replace /> },
    { path: 'verify', element: <SectionPlaceholder title={texts.verify} titleComponent="h3" /> },
  ],
};
