import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { ExportJob } from '@portal/contract/exports';
import type { ApprovalsPage } from '@portal/contract/decisions';
import type { Named } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, type SignInUser } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { settle } from './support/toasts.ts';
import { call, login } from './support/api.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { goTo, navEntry } from './support/navigation.ts';

/*
 * Four-eyes (issue #22) through the web UI, in a tenant of its own (the demo tenant stays as the
 * other journeys read it). A tenant admin switches 'Require a second approver' on; a reviewer
 * rejects a record with a reason code; the record reads Pending Second Approval until a second
 * tenant admin approves it from 'Pending my approval' (its badge counts it); a payroll export then
 * awaits approval, cannot be downloaded, is approved by the other admin and downloaded without the
 * rejected record.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');
const run = Date.now().toString(36);
const PASSWORD = 'FourEyes12345!';
const MINISTRY = 'Ministry of Justice';
const ADMIN_HOME = { home: '/dashboard/tenant-admin/overview', title: 'Tenant Admin Dashboard' };
const maker: SignInUser = { email: `maker.${run}@foureyes.example`, password: PASSWORD, ...ADMIN_HOME };
const checker: SignInUser = { email: `checker.${run}@foureyes.example`, password: PASSWORD, ...ADMIN_HOME };
const reviewer: SignInUser = {
  email: `reviewer.${run}@foureyes.example`,
  password: PASSWORD,
  home: '/dashboard/reviewer/queue',
  title: 'Reviewer Dashboard',
};

const createUser = (request: APIRequestContext, token: string, data: Record<string, unknown>) =>
  call(request, 'POST', '/api/v1/tenant-admin/users', {
    token,
    data: { password: PASSWORD, assignedMinistryIds: [], assignedDepartmentIds: [], ...data },
    status: 201,
  });

/**
 * The journey's tenant: its first admin (the maker), the sample verified, a reviewer of the
 * Ministry of Justice, and a first export (no second approver yet) of two approved records, so
 * that the export awaiting approval has a previous one to be compared with.
 */
async function prepareTenant(request: APIRequestContext) {
  const { tenantId } = await createTenantOnDemoSimulator(
    request,
    { name: `Four Eyes State ${run}`, subdomain: `foureyes-${run}`, stateCode: 'FE' },
    { fullName: 'Mako Maker', email: maker.email, password: maker.password },
  );
  const admin = await login(request, maker);
  await call(request, 'POST', '/api/v1/records/upload', {
    token: admin,
    multipart: { file: { name: 'master-list.csv', mimeType: 'text/csv', buffer: fs.readFileSync(SAMPLE) } },
  });
  const ministries = await call<Named[]>(request, 'GET', '/api/v1/tenant-admin/ministries', { token: admin });
  const justice = ministries.find((ministry) => ministry.name === MINISTRY);
  expect(justice).toBeTruthy();
  await createUser(request, admin, {
    fullName: 'Rosa Reviewer',
    email: reviewer.email,
    role: 'REVIEWER',
    assignedMinistryIds: [justice!.id],
  });
  await call(request, 'POST', '/api/v1/records/bulk-verify', { token: admin, status: 202 });
  await expect
    .poll(
      async () =>
        (await call<{ status: string }[]>(request, 'GET', '/api/v1/bulk-jobs', { token: admin }))[0]?.status,
      { timeout: 120_000, intervals: [500, 1000, 2000] },
    )
    .toBe('COMPLETED');
  const queue = await call<QueuePage>(request, 'GET', '/api/v1/records/queue/pending-approval?pageSize=5', {
    token: admin,
  });
  expect(queue.items.length).toBeGreaterThanOrEqual(4);
  const [first, second] = queue.items;
  await call(request, 'POST', '/api/v1/records/bulk-approve', {
    token: admin,
    data: { records: [first, second].map((r) => ({ id: r!.id, version: r!.version })) },
  });
  await call(request, 'POST', '/api/v1/records/export', { token: admin, status: 202 });
  await expect
    .poll(async () => (await exportLogs(request, admin))[0]?.status, {
      timeout: 60_000,
      intervals: [500, 1000],
    })
    .toBe('COMPLETED');
  return { admin, tenantId, paid: second! };
}

const exportLogs = (request: APIRequestContext, token: string) =>
  call<ExportJob[]>(request, 'GET', '/api/v1/records/export-logs', { token });

/** A page of its own for each person, signed in (each browser context has its own storage). */
async function pageOf(browser: Browser, user: SignInUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

const approvalsTab = (page: Page) => navEntry(page, /^Pending my approval/);
const approvalCard = (page: Page, name: RegExp) => page.getByRole('article', { name });

test.describe('four-eyes', () => {
  test('a rejection and an export wait for a second tenant admin, who approves both', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const { admin, tenantId, paid } = await prepareTenant(request);
    // The record the reviewer rejects: one of the Ministry of Justice's pending records.
    const reviewerToken = await login(request, reviewer);
    const reviewerQueue = await call<QueuePage>(
      request,
      'GET',
      '/api/v1/records/queue/pending-approval?pageSize=5',
      { token: reviewerToken },
    );
    const target = reviewerQueue.items[0]!;
    expect(target.psn).toBeTruthy();

    await test.step('the maker switches the second approver on; the global admin makes a second tenant admin', async () => {
      await signIn(page, maker);
      await goTo(page, 'Settings');
      const toggle = page.getByRole('switch', { name: 'Require a second approver' });
      await expect(toggle).not.toBeChecked();
      await toggle.check();
      await expect(page.getByText('A second approver is now required.')).toBeVisible();
      await expect(toggle).toBeChecked();
      await expect(page.getByRole('table', { name: 'Reason codes' }).getByRole('row')).toHaveCount(9);
      await settle(page);
      await saveScreen(page, 'four-eyes-settings');
      await expectNoSeriousA11yViolations(page);
      // Issue #30: a tenant admin the maker made would wait for a second approver, and never check
      // the maker's (or the maker's reviewer's) actions: the global admin makes the checker.
      await call(request, 'POST', '/api/v1/auth/register', {
        token: await login(request, DEMO_USERS.globalAdmin),
        data: {
          fullName: 'Chika Checker',
          email: checker.email,
          password: PASSWORD,
          role: 'TENANT_ADMIN',
          tenantId,
        },
        status: 201,
      });
    });

    await test.step('the reviewer rejects a record with a reason code: it awaits the second approver', async () => {
      const reviewerPage = await pageOf(browser, reviewer);
      await reviewerPage.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' }).fill(target.psn!);
      const table = reviewerPage.getByRole('table', { name: 'Records pending approval' });
      const row = table.getByRole('row', { name: new RegExp(target.fullName) });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: 'Reject Record' }).click();
      const dialog = reviewerPage.getByRole('dialog', { name: 'Reject Record' });
      const confirm = dialog.getByRole('button', { name: 'Reject Record' });
      await dialog
        .getByRole('textbox', { name: /Comments/ })
        .fill('Not on the Ministry of Justice staff list');
      await expect(confirm).toBeDisabled();
      await dialog.getByRole('combobox', { name: /Reason/ }).click();
      await reviewerPage.getByRole('option', { name: 'Not on the nominal roll' }).click();
      await settle(reviewerPage);
      await saveScreen(reviewerPage, 'four-eyes-reject-dialog');
      await expectNoSeriousA11yViolations(reviewerPage);
      await confirm.click();
      await expect(reviewerPage.getByText(/^Sent for a second approver\./)).toBeVisible();
      await expect(row).toHaveCount(0);
      // The reviewer follows it in their 'Awaiting approval' tab: they may withdraw it, never approve it.
      await goTo(reviewerPage, 'Awaiting approval');
      const mine = approvalCard(reviewerPage, new RegExp(target.fullName));
      await expect(mine).toContainText('by you');
      await expect(mine.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
      await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await settle(reviewerPage);
      await saveScreen(reviewerPage, 'four-eyes-reviewer-awaiting');
      await expectNoSeriousA11yViolations(reviewerPage);
      await reviewerPage.context().close();
    });

    await test.step('the record reads Pending Second Approval; its maker-side admin cannot approve it… ', async () => {
      await goTo(page, 'Master Records');
      await page.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' }).fill(target.psn!);
      const row = page.getByRole('row', { name: new RegExp(target.fullName) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Pending Second Approval');
    });

    const checkerPage = await pageOf(browser, checker);
    let added: QueuePage['items'][number] | undefined;
    await test.step("the second admin approves it from 'Pending my approval', whose badge counts it", async () => {
      await expect(approvalsTab(checkerPage)).toHaveAccessibleName(
        /^Pending my approval\s*\(1 action awaiting your approval\)$/,
      );
      await goTo(checkerPage, /^Pending my approval/);
      const card = approvalCard(checkerPage, new RegExp(target.fullName));
      await expect(card).toContainText('Rejection of a record');
      await expect(card).toContainText(`by ${reviewer.email}`);
      await expect(card).toContainText('Reason:Not on the nominal roll');
      await expect(card).toContainText('Status now:Pending Second Approval');
      await settle(checkerPage);
      await saveScreen(checkerPage, 'four-eyes-approvals-rejection');
      await expectNoSeriousA11yViolations(checkerPage);
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect(checkerPage.getByText('Approved.', { exact: true })).toBeVisible();
      await expect(card).toHaveCount(0);
      await expect(checkerPage.getByText('Nothing awaits your approval')).toBeVisible();
      await expect(approvalsTab(checkerPage)).toHaveAccessibleName('Pending my approval');
    });

    await test.step('the record is rejected', async () => {
      await page.reload();
      const row = page.getByRole('row', { name: new RegExp(target.fullName) });
      await expect(row).toContainText('Rejected');
    });

    await test.step('the audit log filtered to the record tells the story: requested, then granted', async () => {
      await goTo(page, 'Audit Log');
      await page.getByRole('textbox', { name: 'Record (PSN or name)' }).fill(target.psn!);
      const log = page.getByRole('table', { name: 'Audit Log' });
      const events = log
        .locator('tbody tr')
        .filter({ has: page.getByRole('button', { name: /^Show details: / }) });
      // The filter applies after the typing settles: then every event is the record's (and there
      // are some: while the filtered page loads, the table has no event, and every one of none
      // is the record's).
      await expect
        .poll(async () => {
          const texts = await events.allInnerTexts();
          return texts.length > 0 && texts.every((text) => text.includes(target.psn!));
        })
        .toBe(true);
      const story = (await events.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
      // Newest first: the reviewer asked, the second admin granted and the record was rejected.
      const at = (action: string, who: string) =>
        story.findIndex((text) => text.includes(action) && text.includes(who));
      expect(at('Second approval requested', reviewer.email)).toBeGreaterThan(-1);
      expect(at('Second approval granted', checker.email)).toBeGreaterThan(-1);
      expect(at('Record rejected', checker.email)).toBeGreaterThan(-1);
      expect(at('Second approval granted', checker.email)).toBeLessThan(
        at('Second approval requested', reviewer.email),
      );
      await settle(page);
      await saveScreen(page, 'four-eyes-audit-log');
    });

    await test.step('an export awaits approval: its maker cannot download or approve it', async () => {
      // One more record approved since the first export: the approver sees it added.
      const pending = await call<QueuePage>(
        request,
        'GET',
        '/api/v1/records/queue/pending-approval?pageSize=5',
        {
          token: admin,
        },
      );
      added = pending.items.find((r) => r.id !== target.id)!;
      await call(request, 'POST', `/api/v1/records/${added.id}/validate`, {
        token: admin,
        data: { decision: 'APPROVE', comments: '', version: added.version },
      });
      // And one paid in the first export leaves it: the master list, uploaded again whole, changes
      // its name (an identity field), so it awaits re-verification (issue #30: the approver sees both).
      const sample = fs.readFileSync(SAMPLE, 'utf8').split('\n');
      const renamed = sample.map((line) => {
        if (!line.includes(`,${paid.psn},`)) return line;
        const cells = line.split(',');
        cells[1] = `${cells[1]} Renamed`;
        return cells.join(',');
      });
      expect(renamed).not.toEqual(sample);
      await call(request, 'POST', '/api/v1/records/upload', {
        token: admin,
        multipart: {
          file: { name: 'master-list.csv', mimeType: 'text/csv', buffer: Buffer.from(renamed.join('\n')) },
        },
      });
      // With the second approver on, the rename keeps the person paid until a different tenant admin
      // approves the re-verification (issue #30 item 4): the checker approves it.
      const checkerToken = await login(request, checker);
      const held = (
        await call<ApprovalsPage>(request, 'GET', '/api/v1/approvals?kind=REVALIDATION', {
          token: checkerToken,
        })
      ).items.find((i) => i.recordId === paid.id)!;
      expect(held).toBeTruthy();
      await call(request, 'POST', `/api/v1/approvals/${held.id}/approve`, { token: checkerToken, data: {} });
      await goTo(page, 'Payroll Export');
      await page.getByRole('button', { name: 'Generate New Export' }).click();
      await expect
        .poll(async () => (await exportLogs(request, admin))[0]?.status, {
          timeout: 60_000,
          intervals: [500, 1000],
        })
        .toBe('AWAITING_APPROVAL');
      await page.reload();
      const row = page.getByRole('table', { name: 'Payroll exports' }).getByRole('row').nth(1);
      await expect(row).toContainText('AWAITING APPROVAL');
      await expect(row).toContainText('Awaiting a second approver');
      await expect(row.getByRole('button', { name: /^Download/ })).toBeDisabled();
      await settle(page);
      await saveScreen(page, 'four-eyes-export-awaiting');
      await expectNoSeriousA11yViolations(page);

      await goTo(page, /^Pending my approval/);
      const card = approvalCard(page, /export/i);
      await expect(card).toContainText('Payroll export');
      await expect(card).toContainText('by you');
      await expect(card).toContainText('Rows:2 (2 rows in the previous approved export)');
      await expect(card).toContainText('Added since then:1');
      await expect(card).toContainText('Removed since then:1');
      // Issue #30: the people behind the figures, each with the decision that moved them.
      const addedList = card.getByRole('list', { name: 'People added' });
      await expect(addedList.getByRole('listitem')).toHaveCount(1);
      await expect(addedList).toContainText(added!.fullName);
      await expect(addedList).toContainText(added!.psn!);
      await expect(addedList).toContainText(`Record approved by ${maker.email}`);
      await card.getByRole('button', { name: 'Removed (1)' }).click();
      const removedList = card.getByRole('list', { name: 'People removed' });
      await expect(removedList.getByRole('listitem')).toHaveCount(1);
      await expect(removedList).toContainText(`${paid.fullName} Renamed`);
      await expect(removedList).toContainText(paid.psn!);
      // The re-verification was granted by the checker (issue #30 item 4): their event took the person out.
      await expect(removedList).toContainText(`Re-verification required by ${checker.email}`);
      await card.getByRole('button', { name: 'Added (1)' }).click();
      await expect(addedList).toContainText(added!.fullName);
      await expect(card).toContainText(/SHA-256 checksum:[0-9a-f]{64}/);
      await expect(card.getByRole('button', { name: 'Approve' })).toBeDisabled();
      await expect(card).toContainText('You cannot approve your own payroll export');
      await settle(page);
      await saveScreen(page, 'four-eyes-approvals-own-export');
    });

    await test.step('the other admin approves the export; its maker downloads it without the rejected record', async () => {
      await checkerPage.reload();
      const card = approvalCard(checkerPage, /export/i);
      await expect(card).toContainText(`by ${maker.email}`);
      await expect(card.getByRole('list', { name: 'People added' })).toContainText(added!.fullName);
      const csv = checkerPage.waitForEvent('download');
      await card.getByRole('button', { name: 'Download CSV' }).click();
      const people = fs
        .readFileSync((await (await csv).path())!, 'utf8')
        .split('\r\n')
        .filter(Boolean);
      expect(people).toHaveLength(1 + 2);
      expect(people[1]).toContain(`ADDED,${added!.psn},`);
      expect(people[2]).toContain(`REMOVED,${paid.psn},`);
      await settle(checkerPage);
      await saveScreen(checkerPage, 'export-approval-people-1280');
      await expectNoSeriousA11yViolations(checkerPage);
      await checkerPage.setViewportSize({ width: 390, height: 844 });
      await card.getByRole('button', { name: 'Removed (1)' }).click();
      await expect(card.getByRole('list', { name: 'People removed' })).toContainText(paid.psn!);
      await settle(checkerPage);
      await saveScreen(checkerPage, 'export-approval-people-390');
      await checkerPage.setViewportSize({ width: 1280, height: 900 });
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect(checkerPage.getByText('Approved.', { exact: true })).toBeVisible();
      await checkerPage.context().close();

      await goTo(page, 'Payroll Export');
      const row = page.getByRole('table', { name: 'Payroll exports' }).getByRole('row').nth(1);
      await expect(row).toContainText('COMPLETED');
      await expect(row).toContainText(`Approved by ${checker.email}`);
      const downloading = page.waitForEvent('download');
      await row.getByRole('button', { name: /^Download/ }).click();
      const download = await downloading;
      const text = fs.readFileSync((await download.path())!, 'utf8');
      const lines = text.split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(1 + 2);
      expect(lines.some((line) => line.startsWith(`${target.psn},`))).toBe(false);
      expect(lines.some((line) => line.startsWith(`${paid.psn},`))).toBe(false);
      expect(lines.some((line) => line.startsWith(`${added!.psn},`))).toBe(true);
    });
  });
});
