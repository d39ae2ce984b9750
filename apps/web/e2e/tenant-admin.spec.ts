import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { signIn } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import {
  currentNavEntry,
  dashboardNav,
  expectCurrent,
  goTo,
  navEntry,
  navMenuButton,
} from './support/navigation.ts';

const tenantAdmin = DEMO_USERS.tenantAdmin;

/** The side navigation (issue #32): SPEC's labels and routes, in groups, each group in SPEC's order. */
const DESTINATIONS = [
  ['Overview', 'overview'],
  ['File Upload', 'uploads'],
  ['Master Records', 'records'],
  ['Bulk Verification', 'bulk-verify'],
  ['Validation Queue', 'validation'],
  ['Integrity', 'integrity'],
  ['Verification Exercises', 'exercises'],
  ['Appeals', 'appeals'],
  ['Pending my approval', 'approvals'],
  ['Payroll Export', 'export'],
  ['User Management', 'users'],
  ['Settings', 'settings'],
  ['Audit Log', 'audit'],
] as const;

const GROUPS = [
  ['Records', ['File Upload', 'Master Records', 'Bulk Verification']],
  ['Review', ['Validation Queue', 'Integrity', 'Verification Exercises', /^Appeals/, /^Pending my approval/]],
  ['Administration', ['User Management', 'Settings', 'Audit Log']],
] as const;

test.describe('tenant admin journey', () => {
  test('signs in to the tenant admin dashboard with its thirteen destinations in groups', async ({
    page,
  }) => {
    // Thirteen screens, each fetched for the first time: more than one journey's 30 s on a busy machine.
    test.setTimeout(90_000);
    await signIn(page, tenantAdmin);
    await expect(page.getByText('Upload and manage records for your tenant')).toBeVisible();
    const nav = dashboardNav(page);
    await expect(nav.getByRole('link')).toHaveText(DESTINATIONS.map(([label]) => new RegExp(`^${label}`)));
    for (const [group, labels] of GROUPS)
      await expect(nav.getByRole('list', { name: group }).getByRole('link')).toHaveText([...labels]);
    await saveScreen(page, 'dashboard-tenant-admin');

    for (const [label, path] of DESTINATIONS) {
      await goTo(page, label);
      await expect(page).toHaveURL(`/dashboard/tenant-admin/${path}`);
      await expectCurrent(page, new RegExp(`^${label}`));
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

    await goTo(page, 'Bulk Verification');
    const job = page.getByRole('table', { name: 'Bulk verification jobs' }).getByRole('row').nth(1);
    await expect(job.getByText('COMPLETED', { exact: true })).toBeVisible();
    await expect(job.getByRole('cell').nth(0)).toHaveText('2,000');
    await goTo(page, 'Validation Queue');
    await expect(page.getByRole('table', { name: 'Records pending approval' }).getByRole('row')).toHaveCount(
      6,
    );
  });

  test('opens the untabbed not-found list with no tab selected', async ({ page }) => {
    await signIn(page, tenantAdmin);
    await page.goto('/dashboard/tenant-admin/not-found');
    await expect(page.getByRole('heading', { level: 2, name: 'Records Without BioMetrics' })).toBeVisible();
    await expect(dashboardNav(page).getByRole('link').first()).toBeVisible();
    await expect(currentNavEntry(page)).toHaveCount(0);
  });

  test('is kept out of the global admin dashboard', async ({ page }) => {
    await signIn(page, tenantAdmin);
    await page.goto('/dashboard/global-admin/tenants');
    await expect(page).toHaveURL(tenantAdmin.home);
  });

  test('fits a phone screen, with the navigation behind a menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, tenantAdmin);
    await expect(dashboardNav(page)).toBeHidden();
    await expect(navMenuButton(page)).toHaveAccessibleName('Menu · Overview');
    await navMenuButton(page).click();
    await expect(navEntry(page, 'Payroll Export')).toBeInViewport();
    await saveScreen(page, 'dashboard-tenant-admin-phone-menu');
    await navEntry(page, 'Payroll Export').click();
    await expect(page).toHaveURL('/dashboard/tenant-admin/export');
    await expect(dashboardNav(page)).toBeHidden();
    await expect(navMenuButton(page)).toHaveAccessibleName('Menu · Payroll Export');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreen(page, 'dashboard-tenant-admin-phone');
  });

  test('the dashboard has no serious accessibility violations', async ({ page }) => {
    await signIn(page, tenantAdmin);
    await expectNoSeriousA11yViolations(page);
  });
});
