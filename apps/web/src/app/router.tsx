import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { globalAdminDashboardRoute } from './dashboards/routes/global-admin-dashboard.tsx';
import { reviewerDashboardRoute } from './dashboards/routes/reviewer-dashboard.tsx';
import { tenantAdminDashboardRoute } from './dashboards/routes/tenant-admin-dashboard.tsx';
import { userDashboardRoute } from './dashboards/routes/user-dashboard.tsx';
import { SITE_LIST_SEGMENT } from '../features/exercises/site-list-link.ts';
import { AppShell } from './app-shell.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { LoadFieldPage } from './load-field-page.tsx';
import { RedirectLoggedIn, RequireLogin, RequireRole, RoleHomeRedirect } from './route-guards.tsx';

/**
 * The route table of SPEC §2. Every screen comes from its own chunk, fetched when its route first
 * opens (issue #32). /login, /register-employee and the agent's dashboard are not the app's
 * (DECISIONS 200).
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    // Shown until the first screen's chunk has come (nothing: the page is blank for that moment).
    hydrateFallbackElement: <></>,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      // The sign-in page is a page of its own (login.html, DECISIONS 200): reaching it loads it.
      {
        path: 'login',
        element: (
          <RedirectLoggedIn>
            <LoadFieldPage />
          </RedirectLoggedIn>
        ),
      },
      // The claim page is a page of its own too (register-employee.html): reaching it loads it.
      { path: 'register-employee', element: <LoadFieldPage /> },
      {
        // The public appeal (issue #34 item 4): the claim's identity check, then the appeal's form.
        path: 'appeal',
        ...lazyScreen(async () => {
          const [{ PublicCheckPage }, { PublicAppealForm, PublicAppealIntro }, { PUBLIC_APPEAL_TEXTS }] =
            await Promise.all([
              import('../features/registration/routes/public-check-page.tsx'),
              import('../features/appeals/components/public-appeal-form.tsx'),
              import('../features/appeals/public-appeal-texts.ts'),
            ]);
          return (
            <PublicCheckPage
              subtitle={PUBLIC_APPEAL_TEXTS.subtitle}
              note={<PublicAppealIntro />}
              finalStep={{
                title: PUBLIC_APPEAL_TEXTS.step.title,
                render: (claim) => <PublicAppealForm key={claim.claimId} {...claim} />,
              }}
            />
          );
        }),
      },
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
                overview: async () => {
                  const { GlobalOverviewPage } =
                    await import('../features/global-overview/routes/global-overview-page.tsx');
                  return <GlobalOverviewPage />;
                },
                tenants: async () => {
                  const { TenantManagementPage } =
                    await import('../features/tenants/routes/tenant-management-page.tsx');
                  return <TenantManagementPage />;
                },
                events: async () => {
                  const { AuditLogPage } = await import('../features/audit/routes/audit-log-page.tsx');
                  return <AuditLogPage variant="platform" />;
                },
              }),
            ],
          },
          {
            path: 'tenant-admin',
            element: <RequireRole role="TENANT_ADMIN" />,
            children: [
              tenantAdminDashboardRoute,
              {
                // A site's printable list (issue #33 item 1), outside the dashboard's frame so that
                // the page is the paper; the exercises' page around the field feature's list.
                path: SITE_LIST_SEGMENT,
                ...lazyScreen(async () => {
                  const [{ SiteListPage }, { SiteListPrintPage }] = await Promise.all([
                    import('../features/exercises/routes/site-list-page.tsx'),
                    import('../features/field/components/site-list-print.tsx'),
                  ]);
                  return (
                    <SiteListPage
                      list={(campaignId, site) => <SiteListPrintPage campaignId={campaignId} site={site} />}
                    />
                  );
                }),
              },
            ],
          },
          {
            // The agent's dashboard is a page of its own (agent.html, issue #32): reaching it loads it.
            path: 'agent',
            element: <RequireRole role="AGENT" />,
            children: [
              { index: true, element: <LoadFieldPage entry="/agent.html" /> },
              { path: 'verify', element: <LoadFieldPage entry="/agent.html" /> },
            ],
          },
          { path: 'reviewer', element: <RequireRole role="REVIEWER" />, children: [reviewerDashboardRoute] },
          {
            path: 'user',
            element: <RequireRole role="SELF_SERVICE_USER" />,
            children: [
              userDashboardRoute({
                // The appeals (issue #34) on the profile: two features, put together here.
                profile: async () => {
                  const [{ ProfilePage }, { AppealDecisionAction }, { MyAppealsSection }] = await Promise.all(
                    [
                      import('../features/profile/routes/profile-page.tsx'),
                      import('../features/appeals/components/appeal-decision-action.tsx'),
                      import('../features/appeals/components/my-appeals-section.tsx'),
                    ],
                  );
                  return (
                    <ProfilePage
                      appeals={{
                        action: (status) => <AppealDecisionAction status={status} />,
                        section: <MyAppealsSection />,
                      }}
                    />
                  );
                },
              }),
            ],
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
