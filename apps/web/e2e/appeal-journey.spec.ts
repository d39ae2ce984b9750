import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { APPEAL_MESSAGES, ARREARS_CSV_COLUMNS } from '@portal/contract/appeals';
import type { ExportJob } from '@portal/contract/exports';
import type { MasterRecord } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import { call, login } from './support/api.ts';
import { setClockAhead } from './support/clock.ts';
import { splitCsvLine } from './support/csv.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, type SignInUser } from './support/login-page.ts';
import { goTo } from './support/navigation.ts';
import { saveScreen } from './support/screens.ts';
import {
  ministryNamed,
  suspendNoShowsOf,
  uniquePeopleOf,
  uploadAndVerifySample,
} from './support/suspended-no-show.ts';
import { settle } from './support/toasts.ts';

/*
 * An appeal from a suspension to reinstatement (issue #34's acceptance), in a tenant of its own: an
 * employee who claimed their account is suspended as a no-show of a verification exercise and left
 * out of the next payroll export; they appeal from their profile with a PDF attached; a tenant
 * admin asks a question, the employee answers, the appeal is upheld and, the second approver being
 * on, approved by a second tenant admin; the record is back in the validation queue and the
 * arrears report lists the appeal.
 *
 * The clock file is the portal's, shared by every journey of the run: this one puts it back at 0.
 */

const run = Date.now().toString(36);
const SUBDOMAIN = `appeal-${run}`;
const PASSWORD = 'Journey12345!';
const MINISTRY = 'Ministry of Health';
const ADMIN_HOME = { home: DEMO_USERS.tenantAdmin.home, title: DEMO_USERS.tenantAdmin.title };
const maker: SignInUser = { email: `maker.${run}@appeal.example`, password: PASSWORD, ...ADMIN_HOME };
const checker: SignInUser = { email: `checker.${run}@appeal.example`, password: PASSWORD, ...ADMIN_HOME };
const employee: SignInUser = {
  email: `employee.${run}@appeal.example`,
  password: PASSWORD,
  home: DEMO_USERS.employee.home,
  title: DEMO_USERS.employee.title,
};
/** A one-page PDF, small and real enough for a check by content. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const exportLogs = (request: APIRequestContext, token: string) =>
  call<ExportJob[]>(request, 'GET', '/api/v1/records/export-logs', { token });

async function exportNow(request: APIRequestContext, token: string): Promise<void> {
  const before = (await exportLogs(request, token)).length;
  await call(request, 'POST', '/api/v1/records/export', { token, status: 202 });
  await expect
    .poll(
      async () => {
        const logs = await exportLogs(request, token);
        return logs.length > before ? logs[0]?.status : 'none';
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe('COMPLETED');
}

/** A signed-in page of its own (each browser context has its own storage). */
async function pageOf(browser: Browser, user: SignInUser, origin?: string): Promise<Page> {
  const context = await browser.newContext(origin ? { baseURL: origin } : {});
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/**
 * The journey's tenant: the sample uploaded and verified, one Health employee's account claimed
 * online, a record of another ministry approved (so that exports carry someone), an exercise of
 * the Ministry of Health closed with the employee a no-show and suspended, a payroll export after
 * that (the period they missed), then the second approver switched on and a second tenant admin.
 */
async function prepareTenant(
  request: APIRequestContext,
  browser: Browser,
  portal: string,
): Promise<MasterRecord> {
  const { tenantId } = await createTenantOnDemoSimulator(
    request,
    { name: `Appeal State ${run}`, subdomain: SUBDOMAIN, stateCode: 'AP' },
    { fullName: 'Mako Maker', email: maker.email, password: maker.password },
  );
  const admin = await login(request, maker);
  await uploadAndVerifySample(request, admin);
  const health = await ministryNamed(request, admin, MINISTRY);
  const person = (await uniquePeopleOf(request, admin, health))[0]!;
  expect(person).toBeTruthy();

  const anyQueue = await call<QueuePage>(
    request,
    'GET',
    '/api/v1/records/queue/pending-approval?pageSize=50',
    {
      token: admin,
    },
  );
  const other = anyQueue.items.find((r) => r.ministry !== MINISTRY && r.psn);
  expect(other).toBeTruthy();
  await call(request, 'POST', '/api/v1/records/bulk-approve', {
    token: admin,
    data: { records: [{ id: other!.id, version: other!.version }] },
  });
  await exportNow(request, admin);

  // The employee claims their account before the exercise opens: a claim while it is open would
  // count as appearing.
  const context = await browser.newContext();
  const claim = await context.newPage();
  await claim.goto(`${portal}/register-employee`);
  await expect(claim.locator('[data-prerendered]')).toHaveCount(0);
  await claim.getByRole('textbox', { name: 'SSID' }).fill(person.ssid!);
  await claim.getByRole('textbox', { name: 'NIN' }).fill(person.nin!);
  await claim.getByRole('checkbox', { name: /to the use of my NIN and SSID/ }).check();
  await claim.getByRole('button', { name: 'Next' }).click();
  await claim.getByRole('textbox', { name: 'PSN' }).fill(person.psn!);
  await claim.getByRole('button', { name: 'Confirm & Continue' }).click();
  await claim.getByRole('textbox', { name: 'Email' }).fill(employee.email);
  await claim.getByLabel(/^Password/).fill(PASSWORD);
  await claim.getByRole('button', { name: 'Create Account' }).click();
  await expect(claim).toHaveURL(`${portal}/dashboard/user/profile`);
  await context.close();

  // It opens tomorrow: the claim made today is then no appearance in it.
  await suspendNoShowsOf(request, admin, health, `Health headcount ${run}`);
  const suspended = await call<MasterRecord>(request, 'GET', `/api/v1/records/${person.id}`, {
    token: admin,
  });
  expect(suspended.status).toBe('SUSPENDED');
  // The payroll run after the suspension leaves the person out: one period of arrears.
  await exportNow(request, admin);

  await call(request, 'PUT', '/api/v1/tenant-admin/settings', {
    token: admin,
    data: { secondApprover: true },
  });
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
  return person;
}

test.afterAll(() => setClockAhead(0));

test('a suspended employee appeals with a PDF, answers a question, and is reinstated with arrears', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const portal = `http://${SUBDOMAIN}.localhost:${new URL(baseURL!).port}`;
  const person = await prepareTenant(request, browser, portal);
  const employeePage = await pageOf(browser, employee);
  await employeePage.setViewportSize({ width: 390, height: 844 });
  const appeals = employeePage.getByRole('region', { name: 'Your appeals' });

  await test.step('the employee appeals from their profile with a PDF attached', async () => {
    await expect(employeePage.locator('[data-status="SUSPENDED"]')).toBeVisible();
    await employeePage.getByRole('button', { name: 'Appeal this decision' }).click();
    const dialog = employeePage.getByRole('dialog', { name: 'Appeal this decision' });
    await dialog.getByRole('combobox', { name: /What happened/ }).click();
    await employeePage.getByRole('option', { name: 'I was present' }).click();
    await dialog
      .getByRole('textbox', { name: /Your grounds/ })
      .fill('I was at the screening site; the attendance sheet is attached.');
    await dialog
      .getByTestId('appeal-files')
      .setInputFiles({ name: 'attendance.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(dialog.getByText(/attendance\.pdf/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Lodge appeal' }).click();
    await expect(employeePage.getByText(APPEAL_MESSAGES.lodged)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(appeals.getByText('Open', { exact: true })).toBeVisible();
    await expect(employeePage.getByRole('button', { name: 'Appeal this decision' })).toHaveCount(0);
  });

  let appealUrl = '';
  await test.step('a tenant admin finds it in the queue, with the PDF, and asks a question', async () => {
    await signIn(page, maker);
    await goTo(page, /^Appeals/);
    const row = page
      .getByRole('table', { name: 'Appeals' })
      .getByRole('row', { name: new RegExp(person.fullName) });
    await expect(row).toContainText('On track');
    await expect(row).toContainText(person.psn!);
    await row.getByRole('link', { name: `Open the appeal of ${person.fullName}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Appeal of ${person.fullName}` })).toBeVisible();
    appealUrl = page.url();
    await expect(page.getByRole('button', { name: 'Download attendance.pdf' })).toBeVisible();
    await page.getByRole('button', { name: 'Ask a question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask the appellant' });
    await dialog.getByRole('textbox', { name: /Question/ }).fill('Which site, and on which day?');
    await dialog.getByRole('button', { name: 'Ask' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Awaiting the employee').first()).toBeVisible();
  });

  await test.step('the employee answers the question on their profile', async () => {
    await employeePage.reload();
    await expect(appeals.getByText('Which site, and on which day?')).toBeVisible();
    await appeals
      .getByRole('textbox', { name: /Your answer/ })
      .fill('Lokoja Secretariat Hall, the first day.');
    await appeals.getByRole('button', { name: 'Send answer' }).click();
    await expect(employeePage.getByText('Your answer was sent.')).toBeVisible();
    await settle(employeePage);
    await saveScreen(employeePage, 'appeal-journey-profile-390');
  });

  await test.step('the tenant admin upholds the appeal; it waits for a second approver', async () => {
    await page.goto(appealUrl);
    await expect(page.getByText('Lokoja Secretariat Hall, the first day.')).toBeVisible();
    await page.getByRole('button', { name: 'Decide', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Decide the appeal' });
    await dialog.getByRole('combobox', { name: /Decision/ }).click();
    await page.getByRole('option', { name: 'Upheld', exact: true }).click();
    await dialog
      .getByRole('textbox', { name: /Note for the employee/ })
      .fill('The attendance sheet shows you present.');
    await dialog.getByRole('button', { name: 'Decide' }).click();
    await expect(page.getByText(APPEAL_MESSAGES.awaitsApproval).first()).toBeVisible();
    await expect(page.getByText('Awaiting a second approver').first()).toBeVisible();
  });

  await test.step('a second tenant admin approves the reinstatement', async () => {
    const checkerPage = await pageOf(browser, checker);
    await goTo(checkerPage, /^Pending my approval/);
    const card = checkerPage.locator('article[data-kind="APPEAL_REINSTATEMENT"]');
    await expect(card).toContainText(`by ${maker.email}`);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(checkerPage.getByText('Approved.', { exact: true })).toBeVisible();
    await checkerPage.context().close();
  });

  await test.step('the employee sees the decision and its reason', async () => {
    await employeePage.reload();
    const decision = appeals.getByTestId('appeal-decision');
    await expect(decision).toContainText('Decision: Upheld');
    await expect(decision).toContainText('The attendance sheet shows you present.');
    await expect(employeePage.locator('[data-status="SUSPENDED"]')).toHaveCount(0);
    await employeePage.context().close();
  });

  await test.step('the record is back in the validation queue', async () => {
    await page.goto(appealUrl);
    await expect(page.getByTestId('appeal-decision')).toContainText('Decision: Upheld');
    await goTo(page, /^Validation Queue/);
    await page.getByLabel('Search by name, PSN or Work ID').fill(person.psn!);
    await expect(page.getByRole('row', { name: new RegExp(person.fullName) }).first()).toBeVisible();
  });

  await test.step('the arrears report lists the appeal with the period missed', async () => {
    await goTo(page, /^Appeals/);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download arrears report' }).click();
    const text = fs.readFileSync((await (await downloading).path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = text.split('\r\n').filter(Boolean).map(splitCsvLine);
    expect(header).toEqual([...ARREARS_CSV_COLUMNS]);
    const row = rows.find((r) => r[header!.indexOf('psn')] === person.psn);
    expect(row, `the arrears report names ${person.psn}`).toBeTruthy();
    expect(row![header!.indexOf('decision')]).toBe('UPHELD');
    expect(Number(row![header!.indexOf('periods')])).toBe(1);
  });
});
