import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS } from './support/demo-users.ts';
import { signIn } from './support/login-page.ts';
import { goTo, openPage } from './support/navigation.ts';

/**
 * The portal's Content-Security-Policy (issue #18, decision 72) against the built app: every screen
 * of every role, and the API docs, open without a single violation. Violations are caught twice:
 * the page's `securitypolicyviolation` events (reported through a binding, which the policy does
 * not govern) and Chromium's console lines about the Content Security Policy.
 */

const violations = new WeakMap<Page, string[]>();

test.beforeEach(async ({ page }) => {
  const seen: string[] = [];
  violations.set(page, seen);
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => void seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) seen.push(`console: ${msg.text()}`);
  });
});

test.afterEach(async ({ page }, testInfo) => {
  if (testInfo.title.startsWith('the watcher')) return;
  expect(violations.get(page), 'Content-Security-Policy violations').toEqual([]);
});

/** Waits until `ready` shows and no spinner is left, then a moment for late styles and images. */
async function opened(page: Page, ready: Locator) {
  await expect(ready.first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.waitForTimeout(100);
}

test.describe('Content-Security-Policy on every screen', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the watcher sees a violation: an injected inline script is refused', async ({ page }) => {
    await openPage(page, '/login');
    await opened(page, page.getByRole('button', { name: 'Sign In' }));
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran, 'an inline script ran').toBe(false);
    await expect.poll(() => violations.get(page)!.some((v) => v.startsWith('script-src'))).toBe(true);
  });

  test('signed out: login, register-employee and appeal', async ({ page }) => {
    await openPage(page, '/login');
    await opened(page, page.getByRole('button', { name: 'Sign In' }));
    await openPage(page, '/register-employee');
    await opened(page, page.getByRole('heading', { name: 'Verify Your Identity' }));
    await openPage(page, '/appeal');
    await opened(page, page.getByText('Appeal a suspension'));
  });

  test('tenant admin: every tab and the not-found list', async ({ page }) => {
    await signIn(page, DEMO_USERS.tenantAdmin);
    await opened(page, page.getByRole('list', { name: 'Tenant statistics' }));
    await goTo(page, 'User Management');
    await opened(page, page.getByRole('table', { name: 'Reviewer Management' }));
    await goTo(page, 'File Upload');
    await opened(page, page.getByRole('table', { name: 'Upload History' }));
    await goTo(page, 'Master Records');
    await opened(page, page.getByRole('table', { name: 'Master records' }));
    await goTo(page, 'Bulk Verification');
    await opened(page, page.getByRole('heading', { name: 'Job History' }));
    await goTo(page, 'Validation Queue');
    await opened(page, page.getByRole('table', { name: 'Records pending approval' }));
    // The reject dialog with its reason codes (issue #22).
    await page.getByRole('button', { name: 'Reject Record' }).first().click();
    await page
      .getByRole('dialog', { name: 'Reject Record' })
      .getByRole('combobox', { name: /Reason/ })
      .click();
    await opened(page, page.getByRole('option', { name: 'Deceased' }));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /^Mismatched Records/ }).click();
    const mismatched = page.getByRole('table', { name: 'Mismatched records' });
    await opened(page, mismatched);
    // A dialog (MUI's portal, transitions and backdrop) and its comparison table.
    await mismatched.getByRole('button', { name: 'Resolve', exact: true }).first().click();
    await opened(page, page.getByRole('dialog'));
    await page.keyboard.press('Escape');
    // Integrity (issue #21): the rule cards, the pay-at-stake chart (@mui/x-charts, SVG) and the
    // decision dialog.
    await goTo(page, 'Integrity');
    await opened(page, page.getByTestId('pay-at-stake-chart').locator('svg'));
    await opened(page, page.getByRole('table', { name: 'Integrity flags' }));
    await page
      .getByRole('button', { name: /^Decide on the flag of / })
      .first()
      .click();
    await opened(page, page.getByRole('dialog', { name: 'Decide on an Integrity Flag' }));
    await page.getByRole('radio', { name: /^Confirm/ }).check();
    await page.getByRole('combobox', { name: /Reason/ }).click();
    await opened(page, page.getByRole('option', { name: 'Retired' }));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    // Verification exercises (issue #33): the list and the new-exercise form with its selects.
    await goTo(page, 'Verification Exercises');
    await opened(page, page.getByText('No verification exercise yet'));
    await page.getByRole('button', { name: 'New verification exercise' }).click();
    await page.getByRole('combobox', { name: /^Ministries/ }).click();
    await opened(page, page.getByRole('option', { name: 'Ministry of Health' }));
    await page.keyboard.press('Escape');
    await goTo(page, 'Payroll Export');
    await opened(page, page.getByRole('heading', { name: 'Export History' }));
    // Four-eyes and reason codes (issue #22): the approvals list, the settings and their dialogs.
    await goTo(page, 'Pending my approval');
    await opened(page, page.getByText('Nothing awaits your approval'));
    // Appeals (issue #34): the queue, its filters' select and the lodge dialog.
    await goTo(page, 'Appeals');
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await opened(page, page.getByRole('option', { name: 'Not me' }));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Lodge an appeal from a letter' }).click();
    await opened(page, page.getByRole('dialog', { name: 'Lodge an appeal from a letter' }));
    await page.keyboard.press('Escape');
    await goTo(page, 'Settings');
    await opened(page, page.getByRole('table', { name: 'Reason codes' }));
    await page.getByRole('button', { name: 'Add Reason Code' }).click();
    await opened(page, page.getByRole('dialog', { name: 'Add Reason Code' }));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Retire Absconded' }).click();
    await opened(page, page.getByRole('dialog', { name: 'Retire Reason Code' }));
    await page.getByRole('button', { name: 'Cancel' }).click();
    // The audit log (issue #22): its filters, the action select, a row opened.
    await goTo(page, 'Audit Log');
    const log = page.getByRole('table', { name: 'Audit Log' });
    await opened(page, log);
    await page.getByRole('combobox', { name: 'Action' }).click();
    await opened(page, page.getByRole('option', { name: 'Signed in' }));
    await page.keyboard.press('Escape');
    await log
      .getByRole('button', { name: /^Show details: / })
      .first()
      .click();
    await opened(page, log.getByRole('button', { name: /^Hide details: / }));
    await page.goto('/dashboard/tenant-admin/not-found');
    await opened(page, page.getByRole('table', { name: 'Records not found in the Source of Truth' }));
  });

  test('global admin: overview, tenant management and its forms', async ({ page }) => {
    await signIn(page, DEMO_USERS.globalAdmin);
    await opened(page, page.getByRole('heading', { name: 'System Health & Performance' }));
    await goTo(page, 'Tenant Management');
    const tenants = page.getByRole('table', { name: 'Tenants' });
    await opened(page, tenants);
    await page.getByRole('button', { name: 'Create New Tenant' }).click();
    await opened(page, page.getByRole('heading', { level: 2, name: 'Create New Tenant' }));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await tenants.getByRole('button', { name: 'Edit Tenant' }).first().click();
    await opened(page, page.getByRole('heading', { level: 2, name: 'Edit Tenant' }));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await tenants.getByRole('button', { name: 'Manage Users' }).first().click();
    await opened(page, page.getByRole('heading', { level: 2, name: /^Manage Users for / }));
    await goTo(page, 'Platform Events');
    await opened(page, page.getByRole('table', { name: 'Platform Events' }));
  });

  test('agent: verify', async ({ page }) => {
    await signIn(page, DEMO_USERS.agent);
    await opened(page, page.getByRole('heading', { name: 'Verify Your Identity' }));
  });

  test('reviewer: both queues, the integrity flags and the appeals', async ({ page }) => {
    await signIn(page, DEMO_USERS.reviewer);
    await opened(page, page.getByRole('heading', { name: 'My Validation Tasks' }));
    await page.getByRole('tab', { name: /^Mismatched Records/ }).click();
    await opened(page, page.getByRole('tabpanel'));
    await goTo(page, 'Integrity Flags');
    await opened(page, page.getByRole('table', { name: 'Integrity flags' }));
    await goTo(page, 'Awaiting approval');
    await opened(page, page.getByText('Nothing of yours awaits approval'));
    await goTo(page, 'My Appeals');
    await opened(page, page.getByRole('search', { name: 'Filter appeals' }));
  });

  test('employee: profile', async ({ page }) => {
    await signIn(page, DEMO_USERS.employee);
    await opened(page, page.getByRole('heading', { name: 'User Portal' }));
  });

  test('the API docs (Swagger UI) render their operations', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Verification Portal API/ })).toBeVisible();
    const operation = page.locator('.opblock-summary').first();
    await expect(operation).toBeVisible();
    await operation.click();
    await expect(page.getByRole('button', { name: 'Try it out' }).first()).toBeVisible();
    await page.waitForTimeout(200);
  });
});
