import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/routes/login-page.tsx';
import { agentDashboardRoute } from './dashboards/routes/agent-dashboard.tsx';
import { globalAdminDashboardRoute } from './dashboards/routes/global-admin-dashboard.tsx';
import { reviewerDashboardRoute } from './dashboards/routes/reviewer-dashboard.tsx';
import { tenantAdminDashboardRoute } from './dashboards/routes/tenant-admin-dashboard.tsx';
import { userDashboardRoute } from './dashboards/routes/user-dashboard.tsx';
import { GlobalOverviewPage } from '../features/global-overview/routes/global-overview-page.tsx';
import { ProfilePage } from '../features/profile/routes/profile-page.tsx';
import { AgentVerifyPage } from '../features/registration/routes/agent-verify-page.tsx';
import { RegisterEmployeePage } from '../features/registration/routes/register-employee-page.tsx';
import { TenantManagementPage } from '../features/tenants/routes/tenant-management-page.tsx';
import { AuditLogPage } from '../features/audit/routes/audit-log-page.tsx';
import { AppShell } from './app-shell.tsx';
import { RedirectLoggedIn, RequireLogin, RequireRole, RoleHomeRedirect } from './route-guards.tsx';

/** The route table of SPEC §2. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      {
        path: 'login',
        element: (
          <RedirectLoggedIn>
            <LoginPage />
          </RedirectLoggedIn>
        ),
      },
      { path: 'register-employee', element: <RegisterEmployeePage /> },
      {
        path: 'dashboard',
        element: <RequireLogin />,
        children: [
          { index: true, element: <RoleHomeRedirect /> },
          {
            path: 'global-admin',
            element: <RequireRole role="GLOBAL_SUPER_ADMIN" />,
            children: [
              globalAdminDashboardRoute({
                overview: <GlobalOverviewPage />,
                tenants: <TenantManagementPage />,
                events: <AuditLogPage variant="platform" />,
              }),
            ],
          },
          {
            path: 'tenant-admin',
            element: <RequireRole role="TENANT_ADMIN" />,
            children: [tenantAdminDashboardRoute],
          },
          {
            path: 'agent',
            element: <RequireRole role="AGENT" />,
            children: [agentDashboardRoute({ verify: <AgentVerifyPage /> })],
          },
          { path: 'reviewer', element: <RequireRole role="REVIEWER" />, children: [reviewerDashboardRoute] },
          {
            path: 'user',
            element: <RequireRole role="SELF_SERVICE_USER" />,
            children: [userDashboardRoute({ profile: <ProfilePage /> })],
          },
        ],
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
