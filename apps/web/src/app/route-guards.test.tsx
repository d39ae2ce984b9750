import { describe, expect, it } from 'vitest';
import { pageLoad } from '../lib/page-load.ts';
import { screen, within, waitFor } from '@testing-library/react';
import { storeToken } from '../lib/auth-storage.ts';
import { buildToken } from '../test/build-token.ts';
import { renderApp } from '../test/render-app.tsx';
import { stubFetch } from '../test/stub-fetch.ts';

const ME_UNAVAILABLE = { status: 404, body: { message: 'Service not found', code: 'NOT_FOUND' } };

async function expectPath(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

/** /login is a page of its own (DECISIONS 200): reaching it in the app loads that page. */
async function expectLoginPageLoad(router: ReturnType<typeof renderApp>['router']) {
  await expectPath(router, '/login');
  await waitFor(() => expect(pageLoad.replace).toHaveBeenCalledWith('/login'));
}

describe('open routes', () => {
  it.each(['/', '/no/such/page', '/dashboard/tenant-admin/no-such-tab'])(
    'sends %s to /login',
    async (path) => {
      const { router } = renderApp(path);
      await expectLoginPageLoad(router);
    },
  );

  it.each([null, 'AGENT', 'SELF_SERVICE_USER'] as const)(
    'loads the claim page, a page of its own, for %s (issue #32)',
    async (role) => {
      if (role) storeToken(buildToken({ role }));
      const { router } = renderApp('/register-employee?tenant=lagos');
      await expectPath(router, '/register-employee');
      await waitFor(() => expect(pageLoad.replace).toHaveBeenCalledWith('/register-employee?tenant=lagos'));
      expect(screen.queryByRole('heading', { name: 'Verify Your Identity' })).toBeNull();
    },
  );
});

describe('login guard', () => {
  it('sends a visitor without a session to /login', async () => {
    const { router } = renderApp('/dashboard/agent/verify');
    await expectLoginPageLoad(router);
  });

  it('treats an expired token as logged out', async () => {
    storeToken(buildToken({ role: 'AGENT', exp: 1 }));
    const { router } = renderApp('/dashboard/agent');
    await expectLoginPageLoad(router);
  });
});

describe('role guard', () => {
  it('sends a user of another role away from the dashboard (via /login to their own home)', async () => {
    stubFetch(ME_UNAVAILABLE);
    storeToken(buildToken({ role: 'GLOBAL_SUPER_ADMIN', tenantId: null }));
    const { router } = renderApp('/dashboard/tenant-admin');
    await expectPath(router, '/dashboard/global-admin/overview');
    expect(screen.queryByRole('heading', { name: 'Tenant Admin Dashboard' })).toBeNull();
  });

  it('lets a role without a dashboard stay on /login', async () => {
    stubFetch(ME_UNAVAILABLE);
    storeToken(buildToken({ role: 'TENANT_MANAGER' }));
    const { router } = renderApp('/dashboard/user');
    // The sign-in page keeps them, with Sign Out (login-page.test.tsx).
    await expectLoginPageLoad(router);
  });
});

describe('role dashboards', () => {
  it.each([
    [
      'GLOBAL_SUPER_ADMIN',
      '/dashboard/global-admin',
      '/dashboard/global-admin/overview',
      'Global Admin Dashboard',
    ],
    ['TENANT_ADMIN', '/dashboard/tenant-admin', '/dashboard/tenant-admin/overview', 'Tenant Admin Dashboard'],
    ['REVIEWER', '/dashboard/reviewer', '/dashboard/reviewer/queue', 'Reviewer Dashboard'],
    ['SELF_SERVICE_USER', '/dashboard/user', '/dashboard/user/profile', 'User Dashboard'],
    ['REVIEWER', '/dashboard', '/dashboard/reviewer/queue', 'Reviewer Dashboard'],
    ['REVIEWER', '/login', '/dashboard/reviewer/queue', 'Reviewer Dashboard'],
  ] as const)('%s opening %s lands on %s', async (role, path, landing, title) => {
    stubFetch(ME_UNAVAILABLE);
    storeToken(buildToken({ role }));
    const { router } = renderApp(path);
    await expectPath(router, landing);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  // The agent's dashboard is a page of its own (agent.html, issue #32): the app's guards let the
  // agent through, then the page is loaded at the address; another role never reaches it.
  it.each([
    ['/dashboard/agent', '/dashboard/agent'],
    ['/dashboard/agent/verify?person=r-1', '/dashboard/agent/verify?person=r-1'],
    ['/login', '/dashboard/agent'],
    ['/dashboard', '/dashboard/agent'],
  ])("AGENT opening %s loads the agent's dashboard at %s", async (path, loaded) => {
    stubFetch(ME_UNAVAILABLE);
    storeToken(buildToken({ role: 'AGENT' }));
    renderApp(path);
    await waitFor(() => expect(pageLoad.replace).toHaveBeenCalledWith(loaded));
    expect(screen.queryByRole('heading', { name: 'Agent Dashboard' })).toBeNull();
  });

  it("keeps another role off the agent's dashboard, in the app", async () => {
    stubFetch(ME_UNAVAILABLE);
    storeToken(buildToken({ role: 'REVIEWER' }));
    const { router } = renderApp('/dashboard/agent/verify');
    await expectPath(router, '/dashboard/reviewer/queue');
    expect(pageLoad.replace).not.toHaveBeenCalledWith('/dashboard/agent/verify');
  });

  it('marks the open destination in the side navigation and lists every tenant admin destination in its group', async () => {
    stubFetch(ME_UNAVAILABLE);
    storeToken(buildToken({ role: 'TENANT_ADMIN' }));
    renderApp('/dashboard/tenant-admin/bulk-verify');
    // jsdom applies no media query: the side navigation is display:none (a phone's) and so hidden.
    const nav = await screen.findByRole('navigation', { name: 'Tenant admin sections', hidden: true });
    // Issue #32 (DECISIONS 174): SPEC's labels, grouped, each group in SPEC's order.
    expect(
      within(nav)
        .getAllByRole('link', { hidden: true })
        .map((link) => link.textContent),
    ).toEqual([
      'Overview',
      'File Upload',
      'Master Records',
      'Bulk Verification',
      'Validation Queue',
      'Integrity',
      'Verification Exercises',
      'Appeals',
      'Pending my approval',
      'Payroll Export',
      'User Management',
      'Settings',
      'Audit Log',
    ]);
    const group = (name: string) =>
      within(within(nav).getByRole('list', { name, hidden: true }))
        .getAllByRole('link', { hidden: true })
        .map((link) => link.textContent);
    expect(group('Records')).toEqual(['File Upload', 'Master Records', 'Bulk Verification']);
    expect(group('Review')).toEqual([
      'Validation Queue',
      'Integrity',
      'Verification Exercises',
      'Appeals',
      'Pending my approval',
    ]);
    expect(group('Administration')).toEqual(['User Management', 'Settings', 'Audit Log']);
    const current = nav.querySelectorAll('[aria-current="page"]');
    expect([...current].map((link) => link.textContent)).toEqual(['Bulk Verification']);
    expect(current[0]!.getAttribute('href')).toBe('/dashboard/tenant-admin/bulk-verify');
    expect(screen.getByRole('heading', { level: 2, name: 'Bulk Verification' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('marks no destination on the not-found child, which is in no navigation', async () => {
    stubFetch(ME_UNAVAILABLE);
    storeToken(buildToken({ role: 'TENANT_ADMIN' }));
    renderApp('/dashboard/tenant-admin/not-found');
    expect(await screen.findByRole('heading', { name: 'Records Without BioMetrics' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Tenant admin sections', hidden: true });
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(0);
  });
});

describe('session expiry', () => {
  it('sends the user to /login when the token expires while a dashboard is open', async () => {
    stubFetch(ME_UNAVAILABLE);
    storeToken(buildToken({ role: 'REVIEWER', exp: Math.floor(Date.now() / 1000) + 1 }));
    const { router } = renderApp('/dashboard/reviewer/queue');
    await expectPath(router, '/dashboard/reviewer/queue');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    await waitFor(() => expect(pageLoad.replace).toHaveBeenCalledWith('/login'));
  });
});
