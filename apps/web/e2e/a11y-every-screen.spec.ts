import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations, type A11yImpact } from './support/axe.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { signIn } from './support/login-page.ts';

/**
 * axe on every screen of every role, once its data has loaded: no serious or critical violation
 * anywhere, and not even a moderate one on User Management and File Upload (issue #17: both had
 * two landmarks of the same name).
 */

/** Waits until `ready` shows and no spinner is left, then runs axe. */
async function expectAccessible(page: Page, ready: Locator, minImpact: A11yImpact = 'serious') {
  await expect(ready.first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoA11yViolations(page, minImpact);
}

const dashboardTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test.describe('accessibility of every screen', () => {
  // Each test walks several screens and runs axe on each: more than one journey's 30 s on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('signed out: login and register-employee', async ({ page }) => {
    await page.goto('/login');
    await expectAccessible(page, page.getByRole('button', { name: 'Sign In' }));
    await page.goto('/register-employee');
    await expectAccessible(page, page.getByRole('heading', { name: 'Verify Your Identity' }));
  });

  test('tenant admin: every tab and the not-found list', async ({ page }) => {
    await signIn(page, DEMO_USERS.tenantAdmin);
    await expectAccessible(page, page.getByRole('list', { name: 'Tenant statistics' }));

    await dashboardTab(page, 'User Management').click();
    await expectAccessible(page, page.getByRole('table', { name: 'Reviewer Management' }), 'moderate');

    await dashboardTab(page, 'File Upload').click();
    await expectAccessible(page, page.getByRole('table', { name: 'Upload History' }), 'moderate');

    await dashboardTab(page, 'Master Records').click();
    await expectAccessible(page, page.getByRole('table', { name: 'Master records' }));

    await dashboardTab(page, 'Bulk Verification').click();
    await expectAccessible(page, page.getByRole('heading', { name: 'Job History' }));

    await dashboardTab(page, 'Validation Queue').click();
    await expectAccessible(page, page.getByRole('table', { name: 'Records pending approval' }));
    // The reject dialog (issue #22): a reason code chosen, the comments it asks for.
    await page.getByRole('button', { name: 'Reject Record' }).first().click();
    const reject = page.getByRole('dialog', { name: 'Reject Record' });
    await reject.getByRole('combobox', { name: /Reason/ }).click();
    await page.getByRole('option', { name: 'Other (say why in the note)' }).click();
    await expectAccessible(page, reject);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /^Mismatched Records/ }).click();
    await expectAccessible(page, page.getByRole('table', { name: 'Mismatched records' }));

    await dashboardTab(page, 'Integrity').click();
    await expectAccessible(page, page.getByRole('table', { name: 'Integrity flags' }));
    await page
      .getByRole('button', { name: /^Decide on the flag of / })
      .first()
      .click();
    await page.getByRole('radio', { name: /^Confirm/ }).check();
    await expectAccessible(page, page.getByRole('dialog', { name: 'Decide on an Integrity Flag' }));
    await page.keyboard.press('Escape');

    await dashboardTab(page, 'Payroll Export').click();
    await expectAccessible(page, page.getByRole('heading', { name: 'Export History' }));

    // Four-eyes and reason codes (issue #22): the approvals list (empty in the demo), the settings,
    // the add dialog and the retire confirmation (cancelled: the demo's codes stay).
    await dashboardTab(page, 'Pending my approval').click();
    await expectAccessible(page, page.getByText('Nothing awaits your approval'));
    await dashboardTab(page, 'Settings').click();
    await expectAccessible(page, page.getByRole('table', { name: 'Reason codes' }));
    await page.getByRole('button', { name: 'Add Reason Code' }).click();
    await expectAccessible(page, page.getByRole('dialog', { name: 'Add Reason Code' }));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Retire Absconded' }).click();
    await expectAccessible(page, page.getByRole('dialog', { name: 'Retire Reason Code' }));
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The audit log (issue #22), one row opened onto its values before → after.
    await dashboardTab(page, 'Audit Log').click();
    const log = page.getByRole('table', { name: 'Audit Log' });
    await expectAccessible(page, log);
    await log
      .getByRole('button', { name: /^Show details: / })
      .first()
      .click();
    await expectAccessible(page, log.getByRole('button', { name: /^Hide details: / }));

    await page.goto('/dashboard/tenant-admin/not-found');
    await expectAccessible(
      page,
      page.getByRole('table', { name: 'Records not found in the Source of Truth' }),
    );
  });

  test('global admin: overview, tenant management and its forms', async ({ page }) => {
    await signIn(page, DEMO_USERS.globalAdmin);
    await expectAccessible(page, page.getByRole('heading', { name: 'System Health & Performance' }));

    await dashboardTab(page, 'Tenant Management').click();
    const tenants = page.getByRole('table', { name: 'Tenants' });
    await expectAccessible(page, tenants);

    await page.getByRole('button', { name: 'Create New Tenant' }).click();
    await expectAccessible(page, page.getByRole('heading', { level: 2, name: 'Create New Tenant' }));
    await page.getByRole('button', { name: 'Cancel' }).click();

    await tenants.getByRole('button', { name: 'Edit Tenant' }).first().click();
    await expectAccessible(page, page.getByRole('heading', { level: 2, name: 'Edit Tenant' }));
    await page.getByRole('button', { name: 'Cancel' }).click();

    await tenants.getByRole('button', { name: 'Manage Users' }).first().click();
    await expectAccessible(page, page.getByRole('heading', { level: 2, name: /^Manage Users for / }));

    await dashboardTab(page, 'Platform Events').click();
    await expectAccessible(page, page.getByRole('table', { name: 'Platform Events' }));
  });

  test('agent: verify', async ({ page }) => {
    await signIn(page, DEMO_USERS.agent);
    await expectAccessible(page, page.getByRole('heading', { name: 'Verify Your Identity' }));
  });

  test('reviewer: both queues and the integrity flags', async ({ page }) => {
    await signIn(page, DEMO_USERS.reviewer);
    await expectAccessible(page, page.getByRole('heading', { name: 'My Validation Tasks' }));
    await page.getByRole('tab', { name: /^Mismatched Records/ }).click();
    await expect(page).toHaveURL(/\?tab=mismatched$/);
    await expectAccessible(page, page.getByRole('tabpanel'));
    await dashboardTab(page, 'Integrity Flags').click();
    await expectAccessible(page, page.getByRole('table', { name: 'Integrity flags' }));
    // Their own decisions awaiting a second approver (issue #22): none in the demo.
    await dashboardTab(page, 'Awaiting approval').click();
    await expectAccessible(page, page.getByText('Nothing of yours awaits approval'));
  });

  test('employee: profile', async ({ page }) => {
    await signIn(page, DEMO_USERS.employee);
    await expectAccessible(page, page.getByRole('heading', { name: 'User Portal' }));
  });
});
