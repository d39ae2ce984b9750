import { Navigate, type RouteObject } from 'react-router';
import { homeForRole } from '@portal/contract/roles';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { lazyScreen, type ScreenLoader } from '../../lazy-screen.tsx';
import { DashboardLayout } from '../components/dashboard-layout.tsx';

const texts = UI_TEXTS.dashboards.agent;

export interface AgentSections {
  /** The registration card with the agent's calls (features/registration). */
  verify: ScreenLoader;
}

/**
 * /dashboard/agent: layout and child routes (SPEC §2). The section comes from its own feature;
 * the app's route table puts them together, so features do not import each other.
 */
export function agentDashboardRoute(sections: AgentSections): RouteObject {
  return {
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
      { path: 'verify', ...lazyScreen(sections.verify) },
    ],
  };
}
