import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { ExportJob } from '@portal/contract/exports';
import type { MasterRecord } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import { call, login } from './support/api.ts';
import { setClockAhead } from './support/clock.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, type SignInUser } from './support/login-page.ts';
import { goTo } from './support/navigation.ts';
import { readQrCode } from './support/qr.ts';
import { saveScreen } from './support/screens.ts';
import { ministryNamed, uniquePeopleOf, uploadAndVerifySample } from './support/suspended-no-show.ts';
import { settle } from './support/toasts.ts';

/*
 * A verification exercise from its opening to its report (issue #33's acceptance), in a tenant of
 * its own: the tenant admin opens an exercise for the Ministry of Health with a site on its
 * schedule; a field agent verifies two employees, one opened from the QR code of the site's printed
 * list, the other found by the desk's search, and one more claims online; the progress bar and the
 * per-agent table move; the portal's clock passes the close and the grace; the no-shows are
 * suspended once a second tenant admin approves, leave the next payroll export, and the report
 * shows the ₦ a month held.
 *
 * The clock file is the portal's, shared by every journey of the run: the journeys run one at a time
 * (workers: 1 in playwright.config.ts) and this one puts it back at 0 however it ends.
 */

const run = Date.now().toString(36);
const SUBDOMAIN = `journey-${run}`;
const PASSWORD = 'Journey12345!';
const MINISTRY = 'Ministry of Health';
/** The sample list's Ministry of Health. */
const IN_SCOPE = 461;
const NAME = `Health headcount ${run}`;
const SITE = 'Lokoja Secretariat Hall';
const CLOSES_IN_DAYS = 7;
const GRACE_DAYS = 1;
const ADMIN_HOME = { home: DEMO_USERS.tenantAdmin.home, title: DEMO_USERS.tenantAdmin.title };
const maker: SignInUser = { email: `maker.${run}@journey.example`, password: PASSWORD, ...ADMIN_HOME };
const checker: SignInUser = { email: `checker.${run}@journey.example`, password: PASSWORD, ...ADMIN_HOME };
const agent: SignInUser = {
  email: `agent.${run}@journey.example`,
  password: PASSWORD,
  home: DEMO_USERS.agent.home,
  title: DEMO_USERS.agent.title,
};

interface Setup {
  admin: string;
  /** Verified Health records, each to appear once: by QR code, by search, online. */
  appear: [MasterRecord, MasterRecord, MasterRecord];
  /** Health records approved and paid in the first export, who never appear. */
  paid: MasterRecord[];
  /** A record of another ministry in the first export: it stays paid. */
  other: { psn: string | null };
}

const exportLogs = (request: APIRequestContext, token: string) =>
  call<ExportJob[]>(request, 'GET', '/api/v1/records/export-logs', { token });

/**
 * The journey's tenant: its first admin (the maker), the sample uploaded and verified, an agent
 * assigned the Ministry of Health, three approved records paid by a first export, the second
 * approver switched on, and a second tenant admin (the checker) made by the global admin.
 */
async function prepareTenant(request: APIRequestContext): Promise<Setup> {
  const { tenantId } = await createTenantOnDemoSimulator(
    request,
    { name: `Journey State ${run}`, subdomain: SUBDOMAIN, stateCode: 'JY' },
    { fullName: 'Mako Maker', email: maker.email, password: maker.password },
  );
  const admin = await login(request, maker);
  await uploadAndVerifySample(request, admin);
  const health = await ministryNamed(request, admin, MINISTRY);
  await call(request, 'POST', '/api/v1/tenant-admin/users', {
    token: admin,
    data: {
      fullName: 'Femi Field-Agent',
      email: agent.email,
      password: PASSWORD,
      role: 'AGENT',
      assignedMinistryIds: [health.id],
      assignedDepartmentIds: [],
    },
    status: 201,
  });
  // Names that occur once, so that a row or a search result names one person.
  const unique = await uniquePeopleOf(request, admin, health);
  expect(unique.length).toBeGreaterThanOrEqual(5);
  const [a, b, c, p1, p2] = unique as [MasterRecord, MasterRecord, MasterRecord, MasterRecord, MasterRecord];

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
    data: { records: [p1, p2, other!].map((r) => ({ id: r.id, version: r.version })) },
  });
  await call(request, 'POST', '/api/v1/records/export', { token: admin, status: 202 });
  await expect
    .poll(async () => (await exportLogs(request, admin))[0]?.status, {
      timeout: 60_000,
      intervals: [500, 1000],
    })
    .toBe('COMPLETED');

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
  return { admin, appear: [a, b, c], paid: [p1, p2], other: other! };
}

/** A signed-in page of its own (each browser context has its own storage). */
async function pageOf(browser: Browser, user: SignInUser, origin?: string): Promise<Page> {
  const context = await browser.newContext(origin ? { baseURL: origin } : {});
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** The agent's desk: the person's card, the identity check started from it, an account made. */
async function agentClaims(page: Page, record: MasterRecord): Promise<void> {
  const card = page.getByTestId('field-person-card');
  await expect(card.getByRole('heading', { name: record.fullName })).toBeVisible();
  await card.getByRole('button', { name: 'Start the identity check' }).click();
  await expect(page.getByTestId('claim-for')).toContainText(record.fullName);
  await page.getByRole('textbox', { name: 'SSID' }).fill(record.ssid!);
  await page.getByRole('textbox', { name: 'NIN' }).fill(record.nin!);
  await page.getByRole('checkbox', { name: /to the use of their NIN and SSID/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'PSN' }).fill(record.psn!);
  await page.getByRole('button', { name: 'Confirm & Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Create Your Credentials' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Email' })
    .fill(`${record.psn!.toLowerCase()}.${run}@journey.example`);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Account created successfully for the user!' }),
  ).toBeVisible();
  // The card above reads the person again: claimed now, without being closed and reopened.
  await expect(card.getByText('Claimed', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('Not claimed', { exact: true })).toHaveCount(0);
}

/** The exercise's page, read again (the progress is counted anew at most every few seconds). */
async function reopenExercise(page: Page, exerciseUrl: string): Promise<void> {
  await page.goto(exerciseUrl);
  await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
}

test.afterAll(() => setClockAhead(0));

test('an exercise opens, agents and staff appear, it closes, and its no-shows are held off the payroll', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const setup = await prepareTenant(request);
  const [byQr, bySearch, online] = setup.appear;
  const portal = `http://${SUBDOMAIN}.localhost:${new URL(baseURL!).port}`;
  let exerciseUrl = '';

  await test.step('the tenant admin opens an exercise for the Ministry of Health', async () => {
    await signIn(page, maker);
    await goTo(page, 'Verification Exercises');
    await page.getByRole('button', { name: 'New verification exercise' }).click();
    const form = page.getByRole('form', { name: 'New verification exercise' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(NAME);
    await form.getByRole('combobox', { name: /^Ministries/ }).click();
    await page.getByRole('option', { name: MINISTRY }).click();
    await page.keyboard.press('Escape');
    const opensOn = await form.getByLabel(/^Opening date/).inputValue();
    const closes = new Date(`${opensOn}T00:00:00Z`);
    closes.setUTCDate(closes.getUTCDate() + CLOSES_IN_DAYS);
    await form.getByLabel(/^Closing date/).fill(closes.toISOString().slice(0, 10));
    await form.getByRole('spinbutton', { name: /^Grace days/ }).fill(String(GRACE_DAYS));
    await form.getByRole('textbox', { name: 'Document' }).fill('National ID card');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByRole('button', { name: 'Create exercise' }).click();
    await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Appeared of those in scope' })).toHaveAttribute(
      'aria-valuetext',
      `0 of ${IN_SCOPE} appeared`,
    );
    exerciseUrl = page.url();
    expect(exerciseUrl).toMatch(/\/dashboard\/tenant-admin\/exercises\?exercise=[0-9a-f-]{36}$/);
  });

  await test.step('its schedule brings the ministry to a site on the opening day', async () => {
    const schedule = page.getByRole('region', { name: 'Schedule' });
    await expect(schedule.getByText('No day is scheduled yet.')).toBeVisible();
    await schedule.getByRole('button', { name: 'Edit schedule' }).click();
    const form = schedule.getByRole('form', { name: 'Edit the schedule' });
    await form.getByRole('button', { name: 'Add a day' }).click();
    const day = form.getByRole('listitem', { name: 'Day 1' });
    await day.getByRole('textbox', { name: /^Site/ }).fill(SITE);
    await day.getByRole('combobox', { name: /^Ministries/ }).click();
    await page.getByRole('option', { name: MINISTRY }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('The schedule was saved')).toBeVisible();
    const site = schedule.getByRole('article', { name: SITE });
    await expect(site).toContainText(MINISTRY);
    await settle(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await schedule.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenPath(`exercise-journey-schedule-${width}`) });
    }
  });

  let qrLink = '';
  await test.step("the site's printed list carries a QR code per person", async () => {
    await page
      .getByRole('region', { name: 'Schedule' })
      .getByRole('link', { name: `Print the list of ${SITE}` })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/tenant-admin\/site-list\?exercise=.+&site=/);
    await expect(page.getByRole('heading', { name: `${NAME}: site list` })).toBeVisible();
    await expect(page.getByTestId('site-list-row')).toHaveCount(IN_SCOPE);
    // Nothing of the dashboard around the list.
    await expect(page.getByRole('navigation', { name: / sections$/ })).toHaveCount(0);
    const row = page.getByTestId('site-list-row').filter({ hasText: byQr.psn! });
    await expect(row.getByRole('rowheader')).toHaveText(byQr.fullName);
    qrLink = await readQrCode(row.getByRole('img', { name: `QR code for ${byQr.fullName}` }));
    expect(qrLink).toMatch(new RegExp(`^${portal}/dashboard/agent/verify\\?person=${byQr.id}$`));
    await settle(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenPath(`exercise-journey-site-list-${width}`) });
    }
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Back to the exercise' })).toBeHidden();
    await page.screenshot({ path: screenPath('exercise-journey-site-list-print') });
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('link', { name: 'Back to the exercise' }).click();
    await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
  });

  await test.step('the agent opens the QR code and verifies that person, then finds another by search', async () => {
    // A phone's camera opens the link on the tenant's address: the agent is signed in there.
    const agentPage = await pageOf(browser, agent, portal);
    // In the field, on a phone.
    await agentPage.setViewportSize({ width: 390, height: 844 });
    await agentPage.goto(qrLink);
    await expect(agentPage.getByTestId('field-person-card')).toBeVisible();
    await settle(agentPage);
    await saveScreen(agentPage, 'exercise-journey-agent-person-390');
    await agentClaims(agentPage, byQr);
    // The next person: the card put away, the desk's search.
    await agentPage.getByTestId('field-person-card').getByRole('button', { name: 'Close' }).click();

    await agentPage.getByRole('textbox', { name: 'Search by name or number' }).fill(bySearch.psn!);
    await agentPage.getByRole('button', { name: 'Search' }).click();
    await agentPage
      .getByRole('list', { name: 'Find a person' })
      .getByRole('button', { name: new RegExp(bySearch.fullName) })
      .click();
    await agentClaims(agentPage, bySearch);
    await agentPage.context().close();
  });

  await test.step('an employee claims their account online', async () => {
    const context = await browser.newContext();
    const claim = await context.newPage();
    await claim.goto(`${portal}/register-employee`);
    await expect(claim.locator('[data-prerendered]')).toHaveCount(0);
    await claim.getByRole('textbox', { name: 'SSID' }).fill(online.ssid!);
    await claim.getByRole('textbox', { name: 'NIN' }).fill(online.nin!);
    await claim.getByRole('checkbox', { name: /to the use of my NIN and SSID/ }).check();
    await claim.getByRole('button', { name: 'Next' }).click();
    await claim.getByRole('textbox', { name: 'PSN' }).fill(online.psn!);
    await claim.getByRole('button', { name: 'Confirm & Continue' }).click();
    await claim.getByRole('textbox', { name: 'Email' }).fill(`online.${run}@journey.example`);
    await claim.getByLabel(/^Password/).fill(PASSWORD);
    await claim.getByRole('button', { name: 'Create Account' }).click();
    await expect(claim).toHaveURL(`${portal}/dashboard/user/profile`);
    await context.close();
  });

  await test.step('the progress bar and the per-agent table move', async () => {
    const bar = page.getByRole('progressbar', { name: 'Appeared of those in scope' });
    await expect(async () => {
      await reopenExercise(page, exerciseUrl);
      await expect(bar).toHaveAttribute('aria-valuetext', `3 of ${IN_SCOPE} appeared`, { timeout: 2_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 5_000] });
    const agents = page.getByRole('table', { name: 'People verified by field agents' });
    await expect(agents.getByRole('row', { name: new RegExp(agent.email) })).toContainText('2');
    await settle(page);
    await saveScreen(page, 'exercise-journey-progress');
  });

  const noShows = IN_SCOPE - 3;
  await test.step('the close and the grace pass; the no-shows are listed and sent for suspension', async () => {
    setClockAhead(CLOSES_IN_DAYS + GRACE_DAYS + 2);
    await reopenExercise(page, exerciseUrl);
    const section = page.getByRole('region', { name: 'No-shows' });
    await expect(section.getByText(new RegExp(`^${noShows} no-shows, ₦[\\d,.]+ a month`))).toBeVisible();
    // Closed: the schedule no longer changes, and the server says so.
    const schedule = page.getByRole('region', { name: 'Schedule' });
    await schedule.getByRole('button', { name: 'Edit schedule' }).click();
    await schedule.getByRole('button', { name: 'Save schedule' }).click();
    await expect(schedule.getByRole('alert')).toContainText('its schedule can no longer change');
    await schedule.getByRole('button', { name: 'Cancel' }).click();

    await section.getByRole('button', { name: 'Suspend no-shows' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend the no-shows' });
    await dialog.getByRole('textbox', { name: /Note/ }).fill('Circular 12/2026: absent at the headcount');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(
      page.getByText(`The suspension of ${noShows} no-shows was sent for approval to another tenant admin`),
    ).toBeVisible();
    // It cannot be asked twice: the button waits with the approval, and says so.
    await expect(section.getByRole('button', { name: 'Suspend no-shows' })).toBeDisabled();
    await expect(section.getByText(/awaits a second approver in Pending my approval/)).toBeVisible();
  });

  await test.step('a second tenant admin approves the suspension', async () => {
    const checkerPage = await pageOf(browser, checker);
    await goTo(checkerPage, /^Pending my approval/);
    const card = checkerPage.locator('article[data-kind="NO_SHOW_SUSPENSION"]');
    await expect(card).toContainText(`by ${maker.email}`);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(checkerPage.getByText('Approved.', { exact: true })).toBeVisible();
    await checkerPage.context().close();
  });

  let held = '';
  await test.step('the suspension applies, and the report shows the ₦ a month held', async () => {
    await reopenExercise(page, exerciseUrl);
    const suspensions = page.getByRole('table', { name: 'Suspensions of no-shows' });
    const applied = suspensions.getByRole('row').filter({ hasText: 'Applied' });
    await expect(applied).toContainText(String(noShows));
    held = (await applied
      .getByText(/^₦[\d,.]+$/)
      .first()
      .textContent())!;
    expect(held).toMatch(/^₦[1-9][\d,]*(\.\d+)?$/);
    const report = page.getByRole('region', { name: 'Report' });
    const totals = report.getByRole('list', { name: 'Total' });
    await expect(totals.getByRole('listitem').filter({ hasText: '₦ a month held' })).toContainText(held);
    await expect(totals.getByRole('listitem').filter({ hasText: /^Suspended/ })).toContainText(
      String(noShows),
    );
    // Every no-show is suspended: nobody is left to suspend, and the screen says so.
    const noShowsSection = page.getByRole('region', { name: 'No-shows' });
    await expect(noShowsSection.getByRole('button', { name: 'Suspend no-shows' })).toBeDisabled();
    await expect(noShowsSection.getByText(/^Nobody is left to suspend/)).toBeVisible();
    await settle(page);
    await saveScreen(page, 'exercise-journey-report');
  });

  await test.step('the next payroll export leaves the suspended out, with their cause', async () => {
    await goTo(page, 'Payroll Export');
    await page.getByRole('button', { name: 'Generate New Export' }).click();
    const row = page.getByRole('table', { name: 'Payroll exports' }).getByRole('row').nth(1);
    await expect(row).toContainText('Awaiting a second approver', { timeout: 60_000 });

    const checkerPage = await pageOf(browser, checker);
    await goTo(checkerPage, /^Pending my approval/);
    const card = checkerPage.locator('article[data-kind="EXPORT"]');
    await card.getByRole('button', { name: `Removed (${setup.paid.length})` }).click();
    const removed = card.getByRole('list', { name: 'People removed' });
    for (const record of setup.paid) {
      await expect(removed.getByRole('listitem').filter({ hasText: record.psn! })).toContainText(
        'Did not appear in a verification exercise',
      );
    }
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(checkerPage.getByText('Approved.', { exact: true })).toBeVisible();
    await checkerPage.context().close();

    await page.reload();
    const approved = page.getByRole('table', { name: 'Payroll exports' }).getByRole('row').nth(1);
    await expect(approved).toContainText(`Approved by ${checker.email}`);
    const downloading = page.waitForEvent('download');
    await approved.getByRole('button', { name: /^Download/ }).click();
    const lines = fs
      .readFileSync((await (await downloading).path())!, 'utf8')
      .split('\r\n')
      .filter(Boolean);
    expect(lines.some((line) => line.startsWith(`${setup.other.psn},`))).toBe(true);
    for (const record of setup.paid)
      expect(lines.some((line) => line.startsWith(`${record.psn},`))).toBe(false);
  });

  await test.step('a field agent lodges an appeal with a suspended person, in a modal dialog', async () => {
    const [person] = setup.paid;
    const agentPage = await pageOf(browser, agent, portal);
    await agentPage.setViewportSize({ width: 390, height: 844 });
    await agentPage.goto(`${portal}/dashboard/agent/verify?person=${person!.id}`);
    const card = agentPage.getByTestId('field-person-card');
    await expect(card.getByRole('heading', { name: person!.fullName })).toBeVisible();
    const open = card.getByRole('button', { name: 'Lodge an appeal with them' });
    await open.click();
    const dialog = agentPage.getByRole('dialog', { name: `Appeal for ${person!.fullName}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: /What happened/ })).toBeFocused();
    // Modal: Tab goes round the dialog's controls and never reaches the page behind it (after
    // the last control the browser's own UI takes a turn: the document's body here).
    const where = () =>
      agentPage.evaluate(() => {
        const at = document.activeElement;
        if (!at || at === document.body) return 'browser';
        return at.closest('dialog') ? 'dialog' : `page behind: ${at.outerHTML.slice(0, 80)}`;
      });
    const stops: string[] = [];
    for (let i = 0; i < 12; i++) {
      await agentPage.keyboard.press('Tab');
      stops.push(await where());
    }
    expect(stops.filter((s) => s !== 'dialog' && s !== 'browser')).toEqual([]);
    // Round and back in: the dialog's controls again after the browser's turn.
    expect(stops.lastIndexOf('dialog')).toBeGreaterThan(stops.indexOf('browser'));
    // Escape closes it and gives the focus back to the button that opened it.
    await agentPage.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();

    await open.click();
    await dialog.getByRole('combobox', { name: /What happened/ }).selectOption({ index: 1 });
    await dialog
      .getByRole('textbox', { name: /Their grounds/ })
      .fill('Was on approved sick leave during the headcount; the hospital letter is with the HR desk.');
    await settle(agentPage);
    await saveScreen(agentPage, 'exercise-journey-agent-appeal-390');
    await dialog.getByRole('button', { name: 'Lodge appeal' }).click();
    await expect(agentPage.getByText('The appeal has been lodged.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await agentPage.context().close();
  });
});

const SCREENS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/screens');
/** A viewport-sized picture (the site's list runs to hundreds of rows: a full page would be huge). */
const screenPath = (name: string) => path.join(SCREENS_DIR, `${name}.png`);
