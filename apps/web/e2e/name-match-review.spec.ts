import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Named } from '@portal/contract/records';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { signIn, signOut, type SignInUser } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { settle } from './support/toasts.ts';
import { call } from './support/api.ts';
import { goTo } from './support/navigation.ts';
import { showMostTenants } from './support/tenant-table.ts';

/*
 * Name matching (issue #20): a reviewer sees why a close name was forgiven (chips in the pending
 * queue, verdicts in the comparison) and resolves a record whose name really differs. A tenant of
 * the journey's own (the sample list verified against the demo simulator, whose 15 one-letter
 * surname misspellings are CLOSE and pending), so the demo tenant stays as the other journeys read it.
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');
const run = Date.now().toString(36);
const PASSWORD = 'Names12345!x';
const admin = { email: `admin.${run}@names.example`, password: PASSWORD };
const reviewer: SignInUser = {
  email: `reviewer.${run}@names.example`,
  password: PASSWORD,
  home: '/dashboard/reviewer/queue',
  title: 'Reviewer Dashboard',
};

/** The sample uploaded and verified; a reviewer of every ministry. */
async function prepareTenant(request: APIRequestContext): Promise<void> {
  await createTenantOnDemoSimulator(
    request,
    { name: `Names State ${run}`, subdomain: `names-${run}`, stateCode: 'NS' },
    { fullName: 'Nora Names-Admin', email: admin.email, password: admin.password },
  );
  const token = (await call<{ token: string }>(request, 'POST', '/api/v1/auth/authenticate', { data: admin }))
    .token;
  await call(request, 'POST', '/api/v1/records/upload', {
    token,
    multipart: { file: { name: 'master-list.csv', mimeType: 'text/csv', buffer: fs.readFileSync(SAMPLE) } },
  });
  const ministries = await call<Named[]>(request, 'GET', '/api/v1/tenant-admin/ministries', { token });
  await call(request, 'POST', '/api/v1/tenant-admin/users', {
    token,
    data: {
      fullName: 'Remi Reviewer',
      email: reviewer.email,
      password: reviewer.password,
      role: 'REVIEWER',
      assignedMinistryIds: ministries.map((m) => m.id),
      assignedDepartmentIds: [],
    },
    status: 201,
  });
  await call(request, 'POST', '/api/v1/records/bulk-verify', { token, status: 202 });
  await expect
    .poll(
      async () =>
        (await call<{ status: string }[]>(request, 'GET', '/api/v1/bulk-jobs', { token }))[0]?.status,
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBe('COMPLETED');
}

test.describe.configure({ mode: 'serial' });

test.describe('name matching in review', () => {
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      await prepareTenant(request);
    } finally {
      await request.dispose();
    }
  });

  test('a reviewer sees a close name as a chip, and resolves a name that differs', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, reviewer);
    const pending = page.getByRole('table', { name: 'Records pending approval' });
    await expect(pending.locator('tbody tr').first()).toBeVisible();
    const search = page.getByLabel('Search by name, PSN or Work ID');
    // 'Kayode Ogunbiyi': the provider says Ogunbiye, one letter in a long surname — CLOSE, pending.
    await search.fill('Kayode Ogunbiyi');
    const closeRow = pending
      .locator('tbody tr')
      .filter({ has: page.getByText('Kayode Ogunbiyi', { exact: true }) });
    await expect(closeRow).toHaveCount(1);
    await expect(
      closeRow
        .getByLabel('Close match: differences forgiven')
        .getByText('one letter differs: Ogunbiyi ~ Ogunbiye'),
    ).toBeVisible();
    await settle(page);
    await saveScreen(page, 'names-pending-close-chip');

    await page.getByRole('tab', { name: /^Mismatched Records/ }).click();
    const mismatched = page.getByRole('table', { name: 'Mismatched records' });
    // 'Chioma Okeke': Okeki at the provider, a five-letter surname — no typo forgiven, DIFFERENT.
    await search.fill('Chioma Okeke');
    const name = 'Chioma Okeke';
    const row = mismatched.locator('tbody tr').filter({ has: page.getByText(name, { exact: true }) });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve Data Mismatch' });
    const comparison = dialog.getByRole('table');
    await expect(comparison.getByRole('columnheader')).toHaveText([
      'Field',
      'Original Uploaded Data',
      'Source of Truth Data',
      'Match',
    ]);
    const differing = comparison
      .locator('tbody tr')
      .filter({ has: page.getByRole('rowheader', { name: /, differs$/ }) });
    await expect(differing).toHaveCount(1);
    await expect(differing.getByRole('rowheader')).toHaveText('Full Name, differs');
    await expect(differing.getByText('Different', { exact: true })).toBeVisible();
    await expect(differing.getByText(/^\d+% similar · surname differs/)).toBeVisible();
    await settle(page);
    await saveScreen(page, 'names-resolve-dialog');
    await dialog.getByRole('button', { name: 'Accept SoT Data & Validate' }).click();
    await expect(page.getByText('Record resolved and validated successfully!')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(
      mismatched.locator('tbody tr').filter({ has: page.getByText(name, { exact: true }) }),
    ).toHaveCount(0);
  });

  test('the global admin sends close names to review; the reviewer finds them among the mismatches', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO_USERS.globalAdmin);
    await goTo(page, 'Tenant Management');
    await showMostTenants(page);
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: `Names State ${run}`, exact: true }) })
      .getByRole('button', { name: 'Edit Tenant' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Edit Tenant' })).toBeVisible();
    const similarity = page.getByLabel('Minimum word similarity for one letter differs');
    await expect(similarity).toHaveValue('0.8');
    await similarity.fill('0.5');
    await similarity.blur();
    await expect(page.getByText('Minimum word similarity must be a number from 0.70 to 0.99')).toBeVisible();
    await similarity.fill('0.8');
    const strict = page.getByLabel('Treat close names as mismatches');
    await expect(strict).not.toBeChecked();
    await strict.check();
    await settle(page);
    await saveScreen(page, 'names-tenant-form-settings');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(`Tenant "Names State ${run}" updated successfully!`)).toBeVisible();

    await signOut(page);
    await signIn(page, reviewer);
    await page.getByLabel('Search by name, PSN or Work ID').fill('Kayode Ogunbiyi');
    await page.getByRole('tab', { name: /^Mismatched Records/ }).click();
    const mismatched = page.getByRole('table', { name: 'Mismatched records' });
    await expect(
      mismatched.locator('tbody tr').filter({ has: page.getByText('Kayode Ogunbiyi', { exact: true }) }),
    ).toHaveCount(1);
  });
});
