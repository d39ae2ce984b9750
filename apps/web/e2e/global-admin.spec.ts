import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { signIn, signOut, storedToken } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { goTo, openPage } from './support/navigation.ts';

const admin = DEMO_USERS.globalAdmin;

test.describe('global admin journey', () => {
  test('signs in to the global admin dashboard and moves between tabs', async ({ page }) => {
    await signIn(page, admin);
    await expect(page.getByText('Login successful! Welcome back.')).toBeVisible();
    await expect(page.getByText('Manage all tenants and system-wide settings')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Overview', 'Tenant Management', 'Platform Events']);
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await saveScreen(page, 'dashboard-global-admin');

    await goTo(page, 'Tenant Management');
    await expect(page).toHaveURL('/dashboard/global-admin/tenants');
    await expect(page.getByRole('tab', { name: 'Tenant Management' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Tenant Management' })).toBeVisible();
  });

  test('is redirected by role from /login and kept out of other roles dashboards', async ({ page }) => {
    await signIn(page, admin);

    await openPage(page, '/login');
    await expect(page).toHaveURL(admin.home);

    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/dashboard/tenant-admin');
    // The role guard sends the admin to /login, which sends a signed-in visitor to their own home.
    await expect(page).toHaveURL(admin.home);
    expect(visited).toContain('/login');
    await expect(page.getByRole('heading', { name: 'Tenant Admin Dashboard' })).toHaveCount(0);
  });

  test('Sign Out returns to /login and the old token is rejected by the API', async ({ page, request }) => {
    await signIn(page, admin);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const before = await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(before.status()).toBe(200);
    expect(await before.json()).toMatchObject({ email: admin.email, role: 'GLOBAL_SUPER_ADMIN' });

    await signOut(page);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    expect(await storedToken(page)).toBeNull();

    const after = await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);

    await page.goto(admin.home);
    await expect(page).toHaveURL('/login');
  });

  test('the dashboard has no serious accessibility violations', async ({ page }) => {
    await signIn(page, admin);
    await expect(page.getByRole('heading', { level: 2, name: 'System Health & Performance' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
