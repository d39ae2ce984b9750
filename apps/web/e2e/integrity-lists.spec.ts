import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dayIn, DEFAULT_TIME_ZONE } from '@portal/contract/time-zone';
import type { ExportJob } from '@portal/contract/exports';
import type { QueuePage } from '@portal/contract/validation';
import { call, login } from './support/api.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { splitCsvLine } from './support/csv.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, type SignInUser } from './support/login-page.ts';
import { goTo } from './support/navigation.ts';
import { saveScreen } from './support/screens.ts';
import { settle } from './support/toasts.ts';
import { csvFile, uploadMasterList } from './support/file-upload.ts';

/**
 * Issue #35 as a tenant administrator meets it: a master list with its payroll columns is uploaded
 * and verified in bulk, its people validated and paid by an approved payroll export; then HR's
 * separations list, uploaded on the Integrity tab's Lists panel, names one of them deceased a month
 * ago. The rule 'Paid after leaving the service' flags them with the pay at stake and the pay since
 * the exit (recoverable, from the export), and the admin confirms the ghost. A list with a bad row
 * is refused whole, its row named. Then a nominal roll that leaves one person off raises 'Not on
 * the nominal roll', and a salary table under one person's pay 'Paid above the salary table'.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');
const [HEADER, ...SAMPLE_ROWS] = fs.readFileSync(SAMPLE, 'utf8').trim().split(/\r?\n/);
/** A few people of the sample, with their payroll columns. */
const ROWS = SAMPLE_ROWS.slice(0, 6);
const COLUMNS = splitCsvLine(HEADER!);
const cell = (row: string, column: string) => splitCsvLine(row)[COLUMNS.indexOf(column)]!;

const run = Date.now().toString(36);
const admin: SignInUser = {
  email: `admin.${run}@lists.example`,
  password: 'HrLists12345!',
  home: DEMO_USERS.tenantAdmin.home,
  title: DEMO_USERS.tenantAdmin.title,
};

/** DD/MM/YYYY, as HR offices write dates, `days` before today in the tenant's zone (the default). */
function daysAgo(days: number): string {
  const [y, m, d] = dayIn(new Date(Date.now() - days * 86_400_000), DEFAULT_TIME_ZONE).split('-');
  return `${d}/${m}/${y}`;
}

/** A separations list with its headers spelled as an HR office might. */
const separations = (...rows: string[][]) =>
  Buffer.from(
    [['Staff No', 'Name of Officer', 'Date of Exit', 'Mode of Exit', 'Ref No'], ...rows]
      .map((r) => r.join(','))
      .join('\n'),
  );

const rulesList = (page: Page) => page.getByRole('list', { name: 'Rules' });
const ruleCard = (page: Page, rule: string) =>
  rulesList(page).getByRole('button', { name: new RegExp(`^${rule}: `) });
const listCard = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'HR lists' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { level: 4, name: title }),
    });
const flags = (page: Page) => page.getByRole('table', { name: 'Integrity flags' });

/** The records the bulk verification left pending approval are approved, and a payroll export pays them. */
async function validateAndExport(request: APIRequestContext): Promise<QueuePage['items']> {
  const token = await login(request, admin);
  const pending = await call<QueuePage>(
    request,
    'GET',
    '/api/v1/records/queue/pending-approval?pageSize=25',
    {
      token,
    },
  );
  expect(pending.items.length).toBeGreaterThan(0);
  for (const record of pending.items)
    await call(request, 'POST', `/api/v1/records/${record.id}/validate`, {
      token,
      data: { decision: 'APPROVE', version: record.version },
    });
  const started = await call<ExportJob>(request, 'POST', '/api/v1/records/export', { token, status: 202 });
  await expect
    .poll(
      async () =>
        (await call<ExportJob[]>(request, 'GET', '/api/v1/records/export-logs', { token })).find(
          (j) => j.id === started.id,
        )?.status,
      { timeout: 60_000 },
    )
    .toBe('COMPLETED');
  return pending.items;
}

test('a tenant admin uploads the three HR lists: a deceased person still paid, one off the roll, one above scale', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await createTenantOnDemoSimulator(
    request,
    { name: `Lists State ${run}`, subdomain: `lists-${run}`, stateCode: 'LS' },
    { fullName: 'Hauwa Lists-Admin', email: admin.email, password: admin.password },
  );
  await signIn(page, admin);

  await test.step('a master list with payroll columns is uploaded and verified in bulk', async () => {
    await uploadMasterList(page, csvFile([HEADER!, ...ROWS]), String(ROWS.length));
    await goTo(page, 'Bulk Verification');
    await page.getByRole('button', { name: 'Start New Bulk Verification' }).click();
    const job = page.getByRole('table', { name: 'Bulk verification jobs' }).getByRole('row').nth(1);
    await expect(job.getByText('COMPLETED', { exact: true })).toBeVisible({ timeout: 90_000 });
  });

  const paid = await test.step('the verified people are validated and paid by an approved export', () =>
    validateAndExport(request));
  const ghost = paid[0]!;
  const ghostRow = ROWS.find((row) => cell(row, 'PSN') === ghost.psn)!;
  const monthly = `₦${cell(ghostRow, 'Monthly Gross Pay')}`;
  expect(monthly).toMatch(/^₦[\d,]+\.\d\d$/);

  await test.step('the Lists panel shows the three lists, none uploaded yet', async () => {
    await goTo(page, 'Integrity');
    for (const title of ['Separations', 'Nominal roll', 'Salary table'])
      await expect(listCard(page, title)).toContainText('Not uploaded yet');
    await expect(ruleCard(page, 'Paid after leaving the service')).toHaveAccessibleName(
      /: 0 records, ₦0\.00 a month, ₦0\.00 recoverable\. /,
    );
    await settle(page);
    await expectNoSeriousA11yViolations(page);
  });

  const dialog = page.getByRole('dialog', { name: 'Upload the separations list' });
  await test.step('a separations list with a bad row is refused whole, the row named', async () => {
    await listCard(page, 'Separations').getByRole('button', { name: 'Upload the separations list' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'separations-bad.csv',
      mimeType: 'text/csv',
      buffer: separations(
        [ghost.psn!, ghost.fullName, daysAgo(30), 'Death', 'HR/DEC/1'],
        ['PSN000001', 'Someone Else', daysAgo(10), 'Promoted', ''],
      ),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('Upload failed');
    const errors = dialog.getByRole('table', { name: '1 error' });
    await expect(errors.getByRole('row', { name: /Mode of Exit/ })).toContainText(
      'Exit reason must be Retired, Deceased, Resigned, Dismissed, Transferred or Other',
    );
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(listCard(page, 'Separations')).toContainText('Not uploaded yet');
  });

  await test.step('the corrected list names the deceased person: uploaded, with its summary', async () => {
    await listCard(page, 'Separations').getByRole('button', { name: 'Upload the separations list' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'separations-2026.csv',
      mimeType: 'text/csv',
      buffer: separations([ghost.psn!, ghost.fullName, daysAgo(30), 'Death', 'HR/DEC/1']),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const summary = dialog.getByTestId('hr-list-upload-summary');
    await expect(summary).toContainText('Upload complete');
    await expect(summary).toContainText('1Rows read');
    await expect(summary).toContainText('1New');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    const card = listCard(page, 'Separations');
    await expect(card).toContainText('separations-2026.csv');
    await expect(card).toContainText('1 row: 1 new, 0 updated');
    await expect(card).toContainText(admin.email);
  });

  await test.step('the rule flags them with the pay at stake and the pay since the exit', async () => {
    // The rules run again after the upload; the card follows when they are done.
    await expect(ruleCard(page, 'Paid after leaving the service')).toHaveAccessibleName(
      new RegExp(`: 1 record, ${escape(monthly)} a month, ${escape(monthly)} recoverable\\. `),
      { timeout: 60_000 },
    );
    await expect(page.getByRole('region', { name: 'Totals' })).toContainText(
      `₦ recoverable (paid since exit)${monthly}`,
    );
    await settle(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveScreen(page, 'integrity-lists-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreen(page, 'integrity-lists-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('the admin confirms the ghost: deceased, still paid', async () => {
    await ruleCard(page, 'Paid after leaving the service').click();
    // The person's row of this rule: the list of every rule shown until this one's arrives has the
    // person's other flags too (the journeys' other tenants pay the sample's people).
    const ofRule = { hasText: 'Paid after leaving the service' };
    const row = flags(page)
      .getByRole('row', { name: new RegExp(ghost.fullName) })
      .filter(ofRule);
    await expect(row).toContainText('Deceased on');
    await expect(row).toContainText(`${monthly} recoverable`);
    await row.getByRole('button', { name: `Decide on the flag of ${ghost.fullName}` }).click();
    const decide = page.getByRole('dialog', { name: 'Decide on an Integrity Flag' });
    await decide.getByRole('radio', { name: /^Confirm/ }).check();
    await decide.getByRole('combobox', { name: /Reason/ }).click();
    await page.getByRole('option', { name: 'Deceased' }).click();
    await decide.getByRole('button', { name: 'Confirm Ghost' }).click();
    await expect(page.getByText(`${ghost.fullName} confirmed as a ghost`)).toBeVisible();
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Confirmed' }).click();
    const confirmed = flags(page)
      .getByRole('row', { name: new RegExp(ghost.fullName) })
      .filter(ofRule);
    await expect(confirmed).toContainText('Confirmed');
    await expect(confirmed).toContainText('Deceased');
  });

  await test.step('a nominal roll leaves one person off: Not on the nominal roll', async () => {
    const offRoll = ROWS.find((row) => cell(row, 'PSN') !== ghost.psn)!;
    const ministry = cell(offRoll, 'Ministry');
    const roll = ROWS.filter((row) => cell(row, 'Ministry') === ministry && row !== offRoll);
    await uploadList(page, 'Nominal roll', 'Upload a nominal roll', {
      name: 'nominal-roll.csv',
      lines: [
        ['File No', 'Surname and Other Names', 'MDA', 'Department', 'Grade Level'],
        // The ministry in capitals, as some rolls write it; someone HR knows and payroll does not.
        ...roll.map((row) => [cell(row, 'PSN'), cell(row, 'Full Name'), ministry.toUpperCase(), '', '']),
        ['PSN999001', 'Roll Only', ministry, 'Administration', 'GL 07'],
      ],
    });
    await expect(ruleCard(page, 'Not on the nominal roll')).toHaveAccessibleName(
      new RegExp(`: 1 record, ${escape(`₦${cell(offRoll, 'Monthly Gross Pay')}`)} a month`),
      { timeout: 60_000 },
    );
  });

  await test.step('a salary table puts one person ₦1,000.00 above their scale: Paid above the salary table', async () => {
    const keyOf = (row: string) => cell(row, 'Salary Grade ID');
    const kobo = (row: string) => Math.round(Number(cell(row, 'Monthly Gross Pay').replace(/,/g, '')) * 100);
    const others = ROWS.filter((row) => cell(row, 'PSN') !== ghost.psn);
    const above = others.find((row) => ROWS.filter((r) => keyOf(r) === keyOf(row)).length === 1)!;
    const keys = [...new Set(ROWS.map(keyOf))];
    await uploadList(page, 'Salary table', 'Upload the salary table', {
      name: 'salary-table.csv',
      lines: [
        ['Salary Structure', 'GL', 'Step', 'Maximum Monthly Gross'],
        ...keys.map((key) => {
          const rows = ROWS.filter((row) => keyOf(row) === key);
          // Everyone is paid at most the maximum (exactly it, for the best paid), but one person.
          const max = key === keyOf(above) ? kobo(above) - 100_000 : Math.max(...rows.map(kobo));
          const [structure, grade, step] = key.split('-');
          return [structure!, `GL ${grade}`, step!, (max / 100).toFixed(2)];
        }),
      ],
    });
    await expect(ruleCard(page, 'Paid above the salary table')).toHaveAccessibleName(
      /: 1 record, ₦1,000\.00 a month/,
      { timeout: 60_000 },
    );
    await ruleCard(page, 'Paid above the salary table').click();
    // The list still shows the confirmed flags of the step before: back to the open ones.
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Open', exact: true }).click();
    await expect(
      flags(page)
        .getByRole('row', { name: new RegExp(cell(above, 'Full Name')) })
        .filter({ hasText: 'Paid above the salary table' }),
    ).toBeVisible();
  });
});

/** Uploads a list in its card's dialog and waits for the dialog's summary. */
async function uploadList(
  page: Page,
  card: string,
  button: string,
  file: { name: string; lines: string[][] },
): Promise<void> {
  await listCard(page, card).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: file.name,
    mimeType: 'text/csv',
    buffer: Buffer.from(
      file.lines.map((l) => l.map((v) => (/[",]/.test(v) ? `"${v}"` : v)).join(',')).join('\n'),
    ),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByTestId('hr-list-upload-summary')).toContainText('Upload complete', {
    timeout: 60_000,
  });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(listCard(page, card)).toContainText(file.name);
}

/** A text as a literal part of a pattern. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
