import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '@portal/contract/api-paths';
import type { BulkJob } from '@portal/contract/verification';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, type SignInUser } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { goTo } from './support/navigation.ts';
import { BULK_LEGAL_BASIS } from '@portal/contract/tenants';

const tenantAdmin = DEMO_USERS.tenantAdmin;
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');
const BASE = '/dashboard/tenant-admin';
const run = Date.now().toString(36);
/** The admin of the journey's own tenant: the demo tenant arrives already verified (the demo seed). */
const verifyAdmin: SignInUser = {
  email: `admin.${run}@verify.example`,
  password: 'Verify12345!',
  home: tenantAdmin.home,
  title: tenantAdmin.title,
};

/**
 * A tenant of the journey's own on the demo simulator, its admin signed in through the API, and
 * the sample master list (2,000 records) uploaded for it.
 */
async function uploadSample(request: APIRequestContext): Promise<void> {
  await createTenantOnDemoSimulator(
    request,
    { name: `Verify State ${run}`, subdomain: `verify-${run}`, stateCode: 'VS' },
    { fullName: 'Vera Verify-Admin', email: verifyAdmin.email, password: verifyAdmin.password },
  );
  const auth = await request.post('/api/v1/auth/authenticate', {
    data: { email: verifyAdmin.email, password: verifyAdmin.password },
  });
  expect(auth.ok()).toBe(true);
  const { token } = (await auth.json()) as { token: string };
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value;
  expect(csrf, 'the server hands out the CSRF cookie').toBeTruthy();
  const upload = await request.post('/api/v1/records/upload', {
    headers: { Authorization: `Bearer ${token}`, [CSRF_HEADER]: csrf! },
    multipart: {
      file: { name: 'master-list.csv', mimeType: 'text/csv', buffer: fs.readFileSync(SAMPLE) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
}

const statCard = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Tenant statistics' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The card reads exactly its label and then its figure ('Total Verified (SoT)' then '1,880'). */
async function expectCard(page: Page, label: string, value: string): Promise<void> {
  await expect(statCard(page, label)).toHaveText(
    new RegExp(`^${escapeRegExp(label)}${escapeRegExp(value)}$`),
  );
}

/** Closes the toasts (the sign-in greeting) so screenshots show the screen under them. */
async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close', exact: true });
  // A toast may close by itself between finding its button and clicking it: retry until none is left.
  await expect(async () => {
    for (const button of await close.all()) await button.click({ timeout: 1000 }).catch(() => undefined);
    expect(await close.count()).toBe(0);
  }).toPass({ timeout: 15_000 });
  // Off the cards: the pointer left on one would show its hover shade in the screenshots.
  await page.mouse.move(0, 0);
}

const jobsTable = (page: Page) => page.getByRole('table', { name: 'Bulk verification jobs' });

test.describe('tenant admin: bulk verification and potential ghosts', () => {
  test('verifies the sample list, watches the job finish, and finds the 120 potential ghosts', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);

    await test.step('the sample master list is uploaded', async () => {
      await uploadSample(request);
    });

    await test.step('the overview shows the uploaded, not yet verified records', async () => {
      await signIn(page, verifyAdmin);
      await dismissToasts(page);
      await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
      await expectCard(page, 'Total Unique Records', '2,000');
      await expectCard(page, 'Total Verified (SoT)', '0');
      const funnel = page.getByRole('region', { name: 'Verification Funnel' });
      await expect(funnel).toContainText('Not verified yet');
      await saveScreen(page, 'verification-overview-before');
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('Bulk Verification starts a job', async () => {
      await goTo(page, 'Bulk Verification');
      await expect(page).toHaveURL(`${BASE}/bulk-verify`);
      await expect(page.getByRole('heading', { level: 2, name: 'Bulk Verification' })).toBeVisible();
      await expect(page.getByText('No Jobs Found')).toBeVisible();
      // The legal basis (issue #22): this tenant has none of its own, so the default, said to be one.
      const legalBasis = page.getByRole('region', { name: 'Legal basis' });
      await expect(legalBasis).toContainText(BULK_LEGAL_BASIS.default);
      await expect(legalBasis).toContainText('Default text');
      await saveScreen(page, 'verification-bulk-legal-basis');
      // Marks this document: if the page reloaded while the job ran, the mark would be gone.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

      await page.getByRole('button', { name: 'Start New Bulk Verification' }).click();
      await expect(page.getByText('Bulk verification job has been initiated.')).toBeVisible();
    });

    await test.step('the job appears and finishes without a reload', async () => {
      const row = jobsTable(page).getByRole('row').nth(1);
      await expect(row).toBeVisible({ timeout: 10_000 });
      await expect(jobsTable(page).getByRole('row')).toHaveCount(2);
      // The sample verifies in about a second, so RUNNING is often over before a poll sees it.
      const status = row.getByText(/^(PENDING|RUNNING|COMPLETED)$/);
      await expect(status).toBeVisible();
      if (/PENDING|RUNNING/.test((await status.textContent()) ?? '')) {
        await expect(page.getByRole('button', { name: 'Start New Bulk Verification' })).toBeDisabled();
        if (await row.getByRole('progressbar').isVisible())
          await saveScreen(page, 'verification-job-running-live');
      }

      await expect(row.getByText('COMPLETED', { exact: true })).toBeVisible({ timeout: 60_000 });
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      const cells = row.getByRole('cell');
      await expect(cells.nth(0)).toHaveText('2,000');
      await expect(cells.nth(1)).toHaveText('1,880');
      await expect(cells.nth(2)).toHaveText('120');
      await expect(row.getByRole('link', { name: 'Go to Validation Queue' })).toHaveAttribute(
        'href',
        `${BASE}/validation`,
      );
      await expect(page.getByRole('button', { name: 'Start New Bulk Verification' })).toBeEnabled();
    });

    await test.step('the summary cards follow the finished job', async () => {
      const verified = page.locator('.MuiCard-root').filter({ hasText: 'Total Records Verified' });
      await expect(verified).toContainText('1,880');
      const ghosts = page.locator('.MuiCard-root').filter({ hasText: 'Total Not Found' });
      await expect(ghosts).toContainText('120');
      await expect(ghosts).toContainText('Potential Ghosts');
    });

    await test.step('the status tooltip tells the outcome', async () => {
      const chip = jobsTable(page).getByText('COMPLETED', { exact: true });
      await chip.hover();
      await expect(page.getByRole('tooltip')).toContainText(
        'Verified 2,000 of 2,000 records: 1,880 found, 65 mismatched, 120 not found, 0 failed.',
      );
      await page.mouse.move(0, 0);
      await expect(page.getByRole('tooltip')).toHaveCount(0);
      await dismissToasts(page);
      await saveScreen(page, 'verification-job-finished');
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('the overview shows the outcome and the funnel', async () => {
      await goTo(page, 'Overview');
      await expectCard(page, 'Total Unique Records', '2,000');
      await expectCard(page, 'Total Verified (SoT)', '1,880');
      await expectCard(page, 'Pending Validation', '1,815');
      await expectCard(page, 'Mismatched Records', '65');
      await expectCard(page, 'No Biometrics (Potential Ghosts)', '120');
      const funnel = page.getByRole('region', { name: 'Verification Funnel' });
      await expect(funnel.getByRole('listitem')).toHaveCount(7);
      await expect(funnel).toContainText('1,880');
      // Issue #20: the verified records matched exactly (1,438), closely by name (377: a title, a
      // missing middle name, the word order…) or mismatched (65).
      await expect(funnel.getByRole('listitem').nth(3)).toContainText('Matched exactly: 1,438');
      await expect(funnel.getByRole('listitem').nth(4)).toContainText('Matched closely (name): 377');
      await expect(funnel).toContainText('94%');
      await expect(funnel).toContainText('6%');
      await expect(funnel).toContainText('4%');
      await expect(page.getByRole('link', { name: /^No Biometrics/ })).toHaveAttribute(
        'href',
        `${BASE}/not-found`,
      );
      await saveScreen(page, 'verification-overview-after');
    });

    await test.step('VIEW LIST opens the 120 records without biometrics, paged on the server', async () => {
      await goTo(page, 'Bulk Verification');
      await page.getByRole('link', { name: 'View List' }).click();
      await expect(page).toHaveURL(`${BASE}/not-found`);
      await expect(page.getByRole('heading', { level: 2, name: 'Records Without BioMetrics' })).toBeVisible();
      await expect(page.getByText('These records may require manual investigation')).toBeVisible();
      await expect(page.getByText('120 records', { exact: true })).toBeVisible();
      const figures = page.locator('dl').filter({ hasText: 'Flagged' });
      await expect(figures).toContainText('Master list2,000');
      await expect(figures).toContainText('Share of the master list6%');
      const table = page.getByRole('table', { name: 'Records not found in the Source of Truth' });
      await expect(table.getByRole('row')).toHaveCount(11);
      await expect(page.getByText('1–10 of 120')).toBeVisible();
      await saveScreen(page, 'verification-not-found-list');
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('combobox', { name: /Rows per page/ }).click();
      await expect(page.getByRole('option')).toHaveText(['10', '25', '50']);
      await page.getByRole('option', { name: '25' }).click();
      await expect(page.getByText('1–25 of 120')).toBeVisible();
      await expect(table.getByRole('row')).toHaveCount(26);
      const firstOnPageOne = await table.getByRole('row').nth(1).textContent();

      await page.getByRole('button', { name: 'Go to next page' }).click();
      await expect(page.getByText('26–50 of 120')).toBeVisible();
      await expect(table.getByRole('row')).toHaveCount(26);
      await expect(table.getByRole('row').nth(1)).not.toHaveText(firstOnPageOne ?? '');
      await page.getByRole('button', { name: 'Go to last page' }).click();
      await expect(page.getByText('101–120 of 120')).toBeVisible();
      await expect(table.getByRole('row')).toHaveCount(21);
    });
  });

  test('a running job shows its progress bar and blocks a second start', async ({ page }) => {
    // The sample verifies too fast to photograph a RUNNING job reliably: this answers the history
    // with one (every other call is real).
    const running: BulkJob = {
      id: '00000000-0000-4000-8000-000000000001',
      createdAt: new Date().toISOString(),
      startedAt: new Date().toISOString(),
      finishedAt: null,
      status: 'RUNNING',
      statusMessage: null,
      totalRecords: 2000,
      processedRecords: 1240,
      successfullyVerifiedRecords: 1160,
      mismatchedRecords: 50,
      notFoundRecords: 30,
      failedRecords: 0,
      progressPercent: 62,
      createdByEmail: tenantAdmin.email,
    };
    await page.route('**/api/v1/bulk-jobs', (route) => route.fulfill({ json: [running] }));
    await signIn(page, tenantAdmin);
    await dismissToasts(page);
    await goTo(page, 'Bulk Verification');
    const progress = jobsTable(page).getByRole('progressbar', { name: 'Verification progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '62');
    await expect(jobsTable(page).getByText('1,240 / 2,000')).toBeVisible();
    await expect(jobsTable(page).getByRole('link', { name: 'Go to Validation Queue' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Start New Bulk Verification' })).toBeDisabled();
    await expect(
      page.getByText('A bulk verification is already running for this tenant. Wait for it to finish.'),
    ).toBeVisible();
    await saveScreen(page, 'verification-job-running');
    await expectNoSeriousA11yViolations(page);
  });

  test('the overview fits a phone in one column', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, tenantAdmin);
    await dismissToasts(page);
    const cards = page.getByRole('list', { name: 'Tenant statistics' }).getByRole('listitem');
    // The nine figures and the integrity rules' '₦ at stake a month' (issue #21).
    await expect(cards).toHaveCount(10);
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreen(page, 'verification-overview-phone');
  });
});
