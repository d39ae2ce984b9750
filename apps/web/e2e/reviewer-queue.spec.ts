import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Named } from '@portal/contract/records';
import type { AuditEntry, QueuePage } from '@portal/contract/validation';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, type SignInUser } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { settle } from './support/toasts.ts';
import { call, login } from './support/api.ts';
import { goTo } from './support/navigation.ts';

/*
 * Validation queues (issue #7). The journey gets a tenant of its own, pointed at the demo identity
 * simulator, so its decisions leave the demo tenant (seeded with the verified sample) as the other
 * journeys read it. Its admin uploads the sample master list, creates a reviewer for the Ministry of
 * Justice and runs bulk verification through the API; the reviewer then works the queue in the UI.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');
const run = Date.now().toString(36);
const PASSWORD = 'Queues12345!';
const MINISTRY = 'Ministry of Justice';
const tenantAdmin: SignInUser = {
  email: `admin.${run}@queues.example`,
  password: PASSWORD,
  home: '/dashboard/tenant-admin/overview',
  title: 'Tenant Admin Dashboard',
};
const reviewer: SignInUser = {
  email: `reviewer.${run}@queues.example`,
  password: PASSWORD,
  home: '/dashboard/reviewer/queue',
  title: 'Reviewer Dashboard',
};

/** The queues tenant: its admin, the sample verified, and a reviewer of the Ministry of Justice. */
async function prepareTenant(request: APIRequestContext): Promise<string> {
  await createTenantOnDemoSimulator(
    request,
    { name: `Queues State ${run}`, subdomain: `queues-${run}`, stateCode: 'QS' },
    { fullName: 'Quinn Queue-Admin', email: tenantAdmin.email, password: tenantAdmin.password },
  );
  const admin = await login(request, tenantAdmin);
  await call(request, 'POST', '/api/v1/records/upload', {
    token: admin,
    multipart: {
      file: { name: 'master-list.csv', mimeType: 'text/csv', buffer: fs.readFileSync(SAMPLE) },
    },
  });
  const ministries = await call<Named[]>(request, 'GET', '/api/v1/tenant-admin/ministries', { token: admin });
  const justice = ministries.find((ministry) => ministry.name === MINISTRY);
  expect(justice).toBeTruthy();
  await call(request, 'POST', '/api/v1/tenant-admin/users', {
    token: admin,
    data: {
      fullName: 'Rosa Reviewer',
      email: reviewer.email,
      password: reviewer.password,
      role: 'REVIEWER',
      assignedMinistryIds: [justice!.id],
      assignedDepartmentIds: [],
    },
    status: 201,
  });
  await call(request, 'POST', '/api/v1/records/bulk-verify', { token: admin, status: 202 });
  await expect
    .poll(
      async () =>
        (await call<{ status: string }[]>(request, 'GET', '/api/v1/bulk-jobs', { token: admin }))[0]?.status,
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBe('COMPLETED');
  return admin;
}

const pendingTable = (page: Page) => page.getByRole('table', { name: 'Records pending approval' });
const mismatchedTable = (page: Page) => page.getByRole('table', { name: 'Mismatched records' });
const bodyRows = (table: Locator) => table.locator('tbody tr');
/** The employee's name: the first line of the row header (the second is the employee id). */
const nameOf = async (row: Locator) =>
  ((await row.getByRole('rowheader').locator('span').first().textContent()) ?? '').trim();
const rowOf = (table: Locator, name: string) =>
  bodyRows(table).filter({ has: table.page().getByText(name, { exact: true }) });
const tabCount = async (page: Page, label: string) => {
  const text = (await page.getByRole('tab', { name: new RegExp(`^${label}`) }).textContent()) ?? '';
  return Number(text.replace(label, '').replace(/\D/g, '') || '0');
};

const statCard = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Tenant statistics' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
const cardValue = async (page: Page, label: string) => {
  await expect(statCard(page, label)).toHaveText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}[\\d,]+$`));
  return Number(((await statCard(page, label).textContent()) ?? '').replace(label, '').replace(/\D/g, ''));
};

test.describe.configure({ mode: 'serial' });

test.describe('validation queues', () => {
  let adminToken: string;
  const acted: { approved?: string; rejected?: string; resolved?: string; edited?: string } = {};
  let before: { pending: number; mismatched: number };
  /** Record ids by name in the reviewer's queues, read before the decisions (a resolve may rename). */
  const ids = new Map<string, string>();

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      adminToken = await prepareTenant(request);
    } finally {
      await request.dispose();
    }
  });

  test('the tenant admin sees the whole queue with every column', async ({ page }) => {
    await signIn(page, tenantAdmin);
    await settle(page);
    before = {
      pending: await cardValue(page, 'Pending Validation'),
      mismatched: await cardValue(page, 'Mismatched Records'),
    };
    expect(before.pending).toBeGreaterThan(0);
    expect(before.mismatched).toBeGreaterThan(0);

    await page.getByRole('link', { name: /^Pending Validation/ }).click();
    await expect(page).toHaveURL('/dashboard/tenant-admin/validation?tab=pending');
    await expect(page.getByRole('heading', { level: 2, name: 'Validation Queue' })).toBeVisible();
    const table = pendingTable(page);
    await expect(table.getByRole('columnheader')).toHaveText([
      '', // the selection for 'Approve selected'
      'Employee',
      'Department',
      'Ministry',
      'Grade',
      'Salary Grade ID',
      'Salary Structure',
      'Actions',
    ]);
    await expect(bodyRows(table)).toHaveCount(5);
    expect(await tabCount(page, 'Pending Approval')).toBe(before.pending);
    expect(await tabCount(page, 'Mismatched Records')).toBe(before.mismatched);
    await settle(page);
    await saveScreen(page, 'queue-tenant');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: /^Mismatched Records/ }).click();
    const mismatched = mismatchedTable(page);
    await expect(bodyRows(mismatched).first()).toBeVisible();
    const first = bodyRows(mismatched).first();
    for (const action of ['Resolve', 'Edit Record', 'Reject Record', 'History'])
      await expect(first.getByRole('button', { name: action })).toBeVisible();

    // The overview's Mismatched Records card opens the queue on its own tab.
    await goTo(page, 'Overview');
    await page.getByRole('link', { name: /^Mismatched Records/ }).click();
    await expect(page).toHaveURL('/dashboard/tenant-admin/validation?tab=mismatched');
    await expect(page.getByRole('tab', { name: /^Mismatched Records/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(bodyRows(mismatchedTable(page)).first()).toBeVisible();
  });

  test('the reviewer sees only the records of their ministry, with the reduced columns', async ({ page }) => {
    await signIn(page, reviewer);
    await expect(page.getByRole('heading', { level: 2, name: 'My Validation Tasks' })).toBeVisible();
    await expect(page.getByText('Review records assigned to you')).toBeVisible();
    const table = pendingTable(page);
    await expect(table.getByRole('columnheader')).toHaveText([
      '', // the selection for 'Approve selected'
      'Employee',
      'Department',
      'Ministry',
      'Grade',
      'Actions',
    ]);

    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await expect(page.getByRole('option')).toHaveText(['5', '10', '25']);
    await page.getByRole('option', { name: '25' }).click();
    await expect(bodyRows(table)).toHaveCount(25);
    for (const row of await bodyRows(table).all()) await expect(row).toContainText(MINISTRY);

    // The same numbers as the tenant admin's queue filtered to the reviewer's ministry.
    const filtered = await page.request.get(
      `/api/v1/records/queue/pending-approval?ministry=${encodeURIComponent(MINISTRY)}&pageSize=1`,
      { headers: { Authorization: `Bearer ${adminToken}` } },
    );
    const { counts } = (await filtered.json()) as QueuePage;
    expect(await tabCount(page, 'Pending Approval')).toBe(counts.pendingApproval);
    expect(await tabCount(page, 'Mismatched Records')).toBe(counts.mismatched);
    expect(counts.mismatched).toBeGreaterThanOrEqual(1);

    await page.getByRole('combobox', { name: 'Ministry' }).click();
    await expect(page.getByRole('option')).toHaveText([MINISTRY]);
    await page.keyboard.press('Escape');

    await settle(page);
    await saveScreen(page, 'queue-reviewer');
    await expectNoSeriousA11yViolations(page);
  });

  test('the reviewer approves, rejects, edits and resolves, and the history tells who did it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, reviewer);
    await settle(page);
    for (const kind of ['pending-approval', 'mismatched']) {
      const answer = await page.request.get(
        `/api/v1/records/queue/${kind}?ministry=${encodeURIComponent(MINISTRY)}&pageSize=25`,
        { headers: { Authorization: `Bearer ${adminToken}` } },
      );
      for (const record of ((await answer.json()) as QueuePage).items) ids.set(record.fullName, record.id);
    }
    const table = pendingTable(page);
    await expect(bodyRows(table)).toHaveCount(5);
    let newGrade = '';
    const pendingAtStart = await tabCount(page, 'Pending Approval');

    await test.step('approve', async () => {
      const row = bodyRows(table).first();
      acted.approved = await nameOf(row);
      await row.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Record approved successfully!')).toBeVisible();
      await settle(page);
      await expect(rowOf(table, acted.approved)).toHaveCount(0);
      await expect.poll(() => tabCount(page, 'Pending Approval')).toBe(pendingAtStart - 1);
    });

    await test.step('reject: nothing is sent without a reason, then with one', async () => {
      const row = bodyRows(table).first();
      acted.rejected = await nameOf(row);
      await row.getByRole('button', { name: 'Reject Record' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject Record' });
      const confirm = dialog.getByRole('button', { name: 'Reject Record' });
      await expect(confirm).toBeDisabled();
      await dialog.getByRole('textbox', { name: /Comments/ }).fill('   ');
      await expect(confirm).toBeDisabled();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(rowOf(table, acted.rejected)).toHaveCount(1);

      await rowOf(table, acted.rejected).getByRole('button', { name: 'Reject Record' }).click();
      await dialog.getByRole('textbox', { name: /Comments/ }).fill('Not on the staff list of the ministry');
      // A reason code is required too (issue #22).
      await expect(confirm).toBeDisabled();
      await dialog.getByRole('combobox', { name: /Reason/ }).click();
      await page.getByRole('option', { name: 'Not on the nominal roll' }).click();
      await settle(page);
      await saveScreen(page, 'queue-dialog-reject');
      await expectNoSeriousA11yViolations(page);
      await confirm.click();
      await expect(page.getByText('Record rejected successfully!')).toBeVisible();
      await settle(page);
      await expect(dialog).toHaveCount(0);
      await expect(rowOf(table, acted.rejected)).toHaveCount(0);
      await expect.poll(() => tabCount(page, 'Pending Approval')).toBe(pendingAtStart - 2);
    });

    await test.step('edit: Save Changes waits for a valid form, the row shows the new values', async () => {
      const row = bodyRows(table).first();
      acted.edited = await nameOf(row);
      await row.getByRole('button', { name: 'Edit Record' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Record' });
      await expect(dialog.getByText(acted.edited, { exact: true })).toBeVisible();
      const save = dialog.getByRole('button', { name: 'Save Changes' });
      const fullName = dialog.getByRole('textbox', { name: 'Full Name' });
      await fullName.fill('');
      await expect(save).toBeDisabled();
      await fullName.fill(acted.edited);
      const grade = dialog.getByRole('textbox', { name: 'Grade Level' });
      newGrade = (await grade.inputValue()) === 'GL 01' ? 'GL 02' : 'GL 01';
      await grade.fill(newGrade);
      await dialog.getByRole('textbox', { name: 'Salary Structure' }).fill('CONPSS-E2E');
      await expect(save).toBeEnabled();
      await settle(page);
      await saveScreen(page, 'queue-dialog-edit');
      await expectNoSeriousA11yViolations(page);
      await save.click();
      await expect(page.getByText('Record updated successfully!')).toBeVisible();
      await settle(page);
      await expect(dialog).toHaveCount(0);
      await expect(rowOf(table, acted.edited)).toContainText(newGrade);
    });

    await test.step("the edited record's history names the reviewer", async () => {
      await rowOf(table, acted.edited!).getByRole('button', { name: 'History' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record History' });
      const entry = dialog.getByTestId('history-entry').first();
      await expect(entry).toContainText('Edited');
      await expect(entry).toContainText(`by ${reviewer.email}`);
      await expect(entry).toContainText('Grade Level');
      await expect(entry).toContainText(`→ ${newGrade}`);
      await settle(page);
      await saveScreen(page, 'queue-dialog-history');
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
    });

    await test.step('resolve: Edit Manually opens the editor; accepting the SoT data validates', async () => {
      const mismatchedAtStart = await tabCount(page, 'Mismatched Records');
      await page.getByRole('tab', { name: /^Mismatched Records/ }).click();
      const mismatched = mismatchedTable(page);
      const row = bodyRows(mismatched).first();
      acted.resolved = await nameOf(row);
      await expect(row.getByRole('button', { name: 'Reject Record' })).toHaveCount(0);

      await row.getByRole('button', { name: 'Resolve' }).click();
      const dialog = page.getByRole('dialog', { name: 'Resolve Data Mismatch' });
      await dialog.getByRole('button', { name: 'Edit Manually' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Record' });
      await expect(edit.getByText(acted.resolved, { exact: true })).toBeVisible();
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await expect(edit).toHaveCount(0);

      await rowOf(mismatched, acted.resolved).getByRole('button', { name: 'Resolve' }).click();
      const comparison = dialog.getByRole('table');
      await expect(comparison.getByRole('columnheader')).toHaveText([
        'Field',
        'Original Uploaded Data',
        'Source of Truth Data',
        'Match',
      ]);
      await expect(comparison.getByRole('rowheader', { name: /, differs$/ }).first()).toBeVisible();
      await settle(page);
      await saveScreen(page, 'queue-dialog-resolve');
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Accept SoT Data & Validate' }).click();
      await expect(page.getByText('Record resolved and validated successfully!')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(rowOf(mismatched, acted.resolved)).toHaveCount(0);
      await expect.poll(() => tabCount(page, 'Mismatched Records')).toBe(mismatchedAtStart - 1);
    });
  });

  test('the tenant admin sees the counts drop and each step in the history with its actor', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, tenantAdmin);
    await settle(page);
    await expect.poll(() => cardValue(page, 'Pending Validation')).toBe(before.pending - 2);
    await expect.poll(() => cardValue(page, 'Mismatched Records')).toBe(before.mismatched - 1);

    // The edited record is still pending: its history is one click away in the admin's queue.
    await goTo(page, 'Validation Queue');
    await page.getByRole('combobox', { name: 'Ministry' }).click();
    await page.getByRole('option', { name: MINISTRY }).click();
    await page.keyboard.press('Escape');
    const row = rowOf(pendingTable(page), acted.edited!);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('CONPSS-E2E');
    await row.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record History' });
    await expect(dialog.getByTestId('history-entry').first()).toContainText(`Edited`);
    await expect(dialog.getByTestId('history-entry').first()).toContainText(`by ${reviewer.email}`);
    // The bulk verification that queued it is the oldest entry (issue #31 item 8).
    await expect(dialog.getByTestId('history-entry').last()).toContainText(
      'Verified against the identity source: matchedby the system',
    );
    await saveScreen(page, 'record-history');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreen(page, 'record-history-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The decided records left the queues; their audit trail keeps each decision and who took it.
    const expectations = [
      [acted.approved!, 'RECORD_APPROVED', 'Approved by reviewer.'],
      [acted.rejected!, 'RECORD_REJECTED', 'Not on the staff list of the ministry'],
      [acted.resolved!, 'RECORD_MISMATCH_RESOLVED', 'Source-of-truth data accepted.'],
    ] as const;
    for (const [name, action, note] of expectations) {
      const audit = await page.request.get(`/api/v1/records/${ids.get(name)}/audit`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      expect(audit.ok(), name).toBe(true);
      const { items } = (await audit.json()) as { items: AuditEntry[] };
      // Newest first: the decision, then the bulk verification that queued it (issue #31 item 8).
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({ action, actorEmail: reviewer.email, note });
      expect(items[1]).toMatchObject({
        actorEmail: null,
        note: expect.stringMatching(/^Bulk verification /),
      });
    }
  });

  test('the queue fits a phone: the table scrolls, not the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, reviewer);
    await settle(page);
    await expect(bodyRows(pendingTable(page))).toHaveCount(5);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreen(page, 'queue-reviewer-phone');
    await expectNoSeriousA11yViolations(page);
  });
});
