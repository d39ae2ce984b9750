import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { signIn } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';

const tenantAdmin = DEMO_USERS.tenantAdmin;

const TABS = [
  ['Overview', 'overview'],
  ['User Management', 'users'],
  ['File Upload', 'uploads'],
  ['Master Records', 'records'],
  ['Bulk Verification', 'bulk-verify'],
  ['Validation Queue', 'validation'],
  ['Integrity', 'integrity'],
  ['Payroll Export', 'export'],
  ['Pending my approval', 'approvals'],
  ['Settings', 'settings'],
  ['Audit Log', 'audit'],
] as const;

test.describe('tenant admin journey', () => {
  test('signs in to the tenant admin dashboard with its eleven tabs', async ({ page }) => {
    await signIn(page, tenantAdmin);
    await expect(page.getByText('Upload and manage records for your tenant')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(TABS.map(([label]) => label));
    await saveScreen(page, 'dashboard-tenant-admin');

    for (const [label, path] of TABS) {
      await page.getByRole('tab', { name: label }).click();
      await expect(page).toHaveURL(`/dashboard/tenant-admin/${path}`);
      await expect(page.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible();
    }
  });

  test('finds the demo tenant seeded: the sample list verified, its queues and ghosts waiting', async ({
    page,
  }) => {
    await signIn(page, tenantAdmin);
    const card = (label: string) =>
      page
        .getByRole('list', { name: 'Tenant statistics' })
        .getByRole('listitem')
        .filter({ has: page.getByText(label, { exact: true }) });
    // The outcome examples/README.md gives for the sample list against the demo simulator.
    for (const [label, value] of [
      ['Total Unique Records', '2,000'],
      ['Total Verified (SoT)', '1,880'],
      ['Pending Validation', '1,815'],
      ['Mismatched Records', '65'],
      ['No Biometrics (Potential Ghosts)', '120'],
    ] as const) {
      await expect(card(label)).toHaveText(`${label}${value}`);
    }
    await saveScreen(page, 'dashboard-tenant-admin-seeded');

    await page.getByRole('tab', { name: 'Bulk Verification' }).click();
    const job = page.getByRole('table', { name: 'Bulk verification jobs' }).getByRole('row').nth(1);
    await expect(job.getByText('COMPLETED', { exact: true })).toBeVisible();
    await expect(job.getByRole('cell').nth(0)).toHaveText('2,000');
    await page.getByRole('tab', { name: 'Validation Queue' }).click();
    await expect(page.getByRole('table', { name: 'Records pending approval' }).getByRole('row')).toHaveCount(
      6,
    );
  });

  test('opens the untabbed not-found list with no tab selected', async ({ page }) => {
    await signIn(page, tenantAdmin);
    await page.goto('/dashboard/tenant-admin/not-found');
    await expect(page.getByRole('heading', { level: 2, name: 'Records Without BioMetrics' })).toBeVisible();
    await expect(page.getByRole('tab', { selected: true })).toHaveCount(0);
  });

  test('is kept out of the global admin dashboard', async ({ page }) => {
    await signIn(page, tenantAdmin);
    await page.goto('/dashboard/global-admin/tenants');
    await expect(page).toHaveURL(tenantAdmin.home);
  });

  test('fits a phone screen, with the tabs scrolling instead of the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, tenantAdmin);
    await page.getByRole('tab', { name: 'Payroll Export' }).click();
    await expect(page.getByRole('tab', { name: 'Payroll Export' })).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreen(page, 'dashboard-tenant-admin-phone');
  });

  test('the dashboard has no serious accessibility violations', async ({ page }) => {
    await signIn(page, tenantAdmin);
    await expectNoSeriousA11yViolations(page);
  });
});
