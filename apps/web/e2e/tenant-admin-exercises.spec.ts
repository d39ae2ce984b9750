import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, type SignInUser } from './support/login-page.ts';
import { goTo } from './support/navigation.ts';
import { saveScreen } from './support/screens.ts';
import { uploadMasterList } from './support/file-upload.ts';

/**
 * Verification exercises (issue #33 item 4) as a tenant administrator meets them: with the sample
 * master list uploaded, open Verification Exercises, create an exercise for one ministry opening
 * today, see it listed with appeared / in scope, and open its progress. Each screen is checked at
 * a phone's 390 px and a laptop's 1280 px: nothing wider than the screen but a table's own area.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');
const run = Date.now().toString(36);
const admin: SignInUser = {
  email: `admin.${run}@exercises.example`,
  password: 'Exercises12345!',
  home: DEMO_USERS.tenantAdmin.home,
  title: DEMO_USERS.tenantAdmin.title,
};
const NAME = `Health headcount ${run}`;
/** The sample list's Ministry of Health. */
const HEALTH_RECORDS = 461;

/** How far the page sticks out past the viewport (0: it fits; tables scroll inside their own area). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The screen at 390 and 1280 px: it fits, and a picture of each for a human to look at. */
async function atBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => overflow(page), { message: `${name} at ${width} px` }).toBeLessThanOrEqual(0);
    await saveScreen(page, `exercises-${name}-${width}`);
  }
}

test('a tenant admin creates a verification exercise for one ministry and follows its progress', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await createTenantOnDemoSimulator(
    request,
    { name: `Exercises State ${run}`, subdomain: `exercises-${run}`, stateCode: 'EX' },
    { fullName: 'Ebele Exercise-Admin', email: admin.email, password: admin.password },
  );
  await signIn(page, admin);

  await test.step('the sample master list is uploaded', async () => {
    await uploadMasterList(page, SAMPLE, '2,000');
  });

  await test.step('the destination opens empty, and the form refuses a missing closing date', async () => {
    await goTo(page, 'Verification Exercises');
    await expect(page.getByRole('heading', { level: 2, name: 'Verification Exercises' })).toBeVisible();
    await expect(page.getByText('No verification exercise yet')).toBeVisible();
    await page.getByRole('button', { name: 'New verification exercise' }).click();
    const form = page.getByRole('form', { name: 'New verification exercise' });
    await form.getByRole('button', { name: 'Create exercise' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Closing date is required')).toBeVisible();
    await atBothWidths(page, 'form');
  });

  await test.step('an exercise for the Ministry of Health opening today is created', async () => {
    const form = page.getByRole('form', { name: 'New verification exercise' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(NAME);
    await form.getByRole('combobox', { name: /^Ministries/ }).click();
    await page.getByRole('option', { name: 'Ministry of Health' }).click();
    await page.keyboard.press('Escape');
    // The opening day is today in the tenant's zone already; the close two weeks later.
    const opensOn = await form.getByLabel(/^Opening date/).inputValue();
    expect(opensOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const closes = new Date(`${opensOn}T00:00:00Z`);
    closes.setUTCDate(closes.getUTCDate() + 14);
    await form.getByLabel(/^Closing date/).fill(closes.toISOString().slice(0, 10));
    await form.getByRole('textbox', { name: 'Document' }).fill('National ID card');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByRole('textbox', { name: 'Document' }).fill('Letter of first appointment');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Create exercise' }).click();
    // Created, it opens on its progress.
    await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
    await expect(page.getByText('National ID card · Letter of first appointment')).toBeVisible();
    const bar = page.getByRole('progressbar', { name: 'Appeared of those in scope' });
    await expect(bar).toHaveAttribute('aria-valuetext', `0 of ${HEALTH_RECORDS} appeared`);
    await expect(page.getByText('Live: refreshed every 30 seconds')).toBeVisible();
    const postings = page.getByRole('table', { name: 'Progress by ministry and department' });
    await expect(postings.getByRole('rowheader', { name: 'Ministry of Health' }).first()).toBeVisible();
    await expect(page.getByText(/The no-shows are listed the day after the grace period ends/)).toBeVisible();
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    await atBothWidths(page, 'detail');
    // On paper, the report alone.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { name: 'Progress' })).toBeHidden();
    await saveScreen(page, 'exercises-report-print');
    await page.emulateMedia({ media: 'screen' });
  });

  await test.step('it is extended by a week, with a reason, and never shortened', async () => {
    await page.getByRole('button', { name: 'Extend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extend the exercise' });
    const closesOn = dialog.getByLabel(/^New closing date/);
    const later = await closesOn.inputValue();
    // Earlier than the close: the server's refusal shows in the dialog.
    const earlier = new Date(`${later}T00:00:00Z`);
    earlier.setUTCDate(earlier.getUTCDate() - 8);
    await closesOn.fill(earlier.toISOString().slice(0, 10));
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Flooding closed two offices');
    await dialog.getByRole('button', { name: 'Extend' }).click();
    await expect(dialog.getByRole('alert')).toContainText('cannot be shortened');
    await closesOn.fill(later);
    await dialog.getByRole('button', { name: 'Extend' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/: Flooding closed two offices \(admin\./)).toBeVisible();
  });

  await test.step('the list shows it open, with appeared / in scope as a bar', async () => {
    await page.getByRole('button', { name: 'All exercises' }).click();
    const row = page.getByRole('table', { name: 'Verification exercises' }).getByRole('row', { name: NAME });
    await expect(row).toContainText('Open');
    await expect(row.getByRole('progressbar', { name: `Appeared in ${NAME}` })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await expect(row).toContainText(`0 of ${HEALTH_RECORDS} appeared`);
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    await atBothWidths(page, 'list');
  });
});
