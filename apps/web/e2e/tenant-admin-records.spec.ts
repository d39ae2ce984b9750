import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { TEMPLATE_HEADERS } from '@portal/contract/records';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, storedToken, type SignInUser } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { splitCsvLine } from './support/csv.ts';
import { expectCurrent, goTo } from './support/navigation.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');
const HEADERS =
  'S/N,Full Name,Employee ID,PSN,NIN,SSID,Ministry,Department,Grade Level,Salary Grade ID,Salary Structure,Date of Birth,Email,Phone,' +
  'Date of First Appointment,Bank,Account Number,BVN,Monthly Gross Pay';
const run = Date.now().toString(36);
/** The admin of this journey's own, empty tenant (the demo tenant arrives with the sample seeded). */
const recordsAdmin: SignInUser = {
  email: `admin.${run}@records.example`,
  password: 'Records12345!',
  home: DEMO_USERS.tenantAdmin.home,
  title: DEMO_USERS.tenantAdmin.title,
};

const countChip = (page: Page) => page.getByTestId('records-count');
const recordsTable = (page: Page) => page.getByRole('table', { name: 'Master records' });
const fileInput = (page: Page) => page.locator('input[type="file"]');
const uploadButton = (page: Page) => page.getByRole('button', { name: /^Upload(ing\.\.\.)?$/ });

/** Closes the toasts (also ones that arrive meanwhile) so a screenshot shows the screen beneath. */
async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.notistack-MuiContent');
  await expect(async () => {
    if ((await toasts.count()) > 0) {
      await toasts
        .first()
        .getByRole('button', { name: 'Close' })
        .click({ timeout: 1000 })
        .catch(() => undefined);
    }
    expect(await toasts.count()).toBe(0);
  }).toPass({ timeout: 15_000 });
}

/** Dismisses the toasts, then saves the screenshot. */
async function screen(page: Page, name: string): Promise<void> {
  await dismissToasts(page);
  await saveScreen(page, name);
}

/** Picks options of one of the filter multi-selects, then closes its menu. */
async function chooseFilter(page: Page, label: string, options: string[]): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/**
 * The journey starts from an empty tenant of its own, pointed at the demo simulator: the demo
 * tenant arrives with the sample master list already uploaded and verified (the demo seed).
 */
test.describe('tenant admin: master list upload and records', () => {
  test('uploads the sample list, filters and pages the records, reads row errors, re-uploads', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const sampleLines = fs.readFileSync(SAMPLE, 'utf8').trim().split(/\r?\n/);
    expect(sampleLines[0]).toBe(HEADERS);
    const sampleRows = sampleLines.slice(1).map(splitCsvLine);
    expect(sampleRows).toHaveLength(2000);

    await createTenantOnDemoSimulator(
      request,
      { name: `Records State ${run}`, subdomain: `records-${run}`, stateCode: 'RS' },
      { fullName: 'Remi Records-Admin', email: recordsAdmin.email, password: recordsAdmin.password },
    );
    await signIn(page, recordsAdmin);

    await test.step('an empty tenant: Master Records says so and leads to the upload tab', async () => {
      await goTo(page, 'Master Records');
      await expect(page.getByRole('heading', { name: 'No Records Found' })).toBeVisible();
      await expect(
        page.getByText('Upload a master list in File Upload to see its employees here.'),
      ).toBeVisible();
      await expect(countChip(page)).toHaveText('0 / 0 records');
      await screen(page, 'records-empty');
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Upload a Master List' }).click();
      await expect(page).toHaveURL('/dashboard/tenant-admin/uploads');
      await expectCurrent(page, 'File Upload');
    });

    await test.step('idle, then a file selected with its size', async () => {
      await expect(page.getByRole('button', { name: 'Browse Files' })).toBeVisible();
      await expect(uploadButton(page)).toBeDisabled();
      await expect(page.getByRole('table', { name: 'Upload History' })).toHaveCount(0);
      await expect(page.getByText('No uploads yet.')).toBeVisible();
      await screen(page, 'upload-idle');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the template' }).click();
      const template = await download;
      expect(template.suggestedFilename()).toBe('master-list-template.csv');
      const templateText = fs.readFileSync(await template.path(), 'utf8');
      expect(templateText.replace(/^\uFEFF/, '').trim()).toBe(TEMPLATE_HEADERS.join(','));
      await expectNoSeriousA11yViolations(page);

      await fileInput(page).setInputFiles(SAMPLE);
      const selected = page.getByRole('group', { name: 'Selected file' });
      await expect(selected).toContainText('master-list.csv');
      const size = fs.statSync(SAMPLE).size;
      await expect(selected).toContainText(`${Number.parseFloat((size / 1024).toFixed(2))} KB`);
      await expect(uploadButton(page)).toBeEnabled();
      await screen(page, 'upload-file-selected');
    });

    await test.step('uploads with a visible, real progress bar, then shows the summary', async () => {
      // Slow the upload link so the bar can be watched; every value it shows is recorded.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 64 * 1024,
      });
      await page.evaluate(() => {
        const seen: number[] = [];
        (window as unknown as { progressSeen: number[] }).progressSeen = seen;
        new MutationObserver(() => {
          const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
          const value = bar?.getAttribute('aria-valuenow');
          if (value !== null && value !== undefined && seen.at(-1) !== Number(value))
            seen.push(Number(value));
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });

      await uploadButton(page).click();
      const bar = page.getByRole('progressbar', { name: 'Upload progress' });
      await expect(bar).toBeVisible();
      await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
      await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Remove master-list.csv' })).toHaveCount(0);
      await expect
        .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await screen(page, 'upload-uploading');

      await expect(page.getByTestId('summary-created')).toHaveText('2,000', { timeout: 60_000 });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
      const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
      // A real bar passes through values between 0 and 100, rising.
      expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);

      await expect(page.getByTestId('summary-updated')).toHaveText('0');
      await expect(page.getByTestId('summary-reverification')).toHaveCount(0);
      const history = page.getByRole('table', { name: 'Upload History' });
      await expect(history.getByRole('row').nth(1)).toContainText('master-list.csv');
      await expect(history.getByRole('row').nth(1)).toContainText('2,000');
      await screen(page, 'upload-summary');
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('Master Records: filter by a ministry and a grade, then clear', async () => {
      await goTo(page, 'Master Records');
      await expect(page).toHaveURL('/dashboard/tenant-admin/records');
      await expect(countChip(page)).toHaveText('2,000 / 2,000 records');
      await expect(page.getByText('Loaded 2,000 records successfully')).toBeVisible();
      await expect(recordsTable(page).getByRole('row')).toHaveCount(11);

      const expected = sampleRows.filter((row) => row[6] === 'Ministry of Justice' && row[8] === 'GL 08');
      expect(expected.length).toBeGreaterThan(0);
      await chooseFilter(page, 'Ministry', ['Ministry of Justice']);
      await chooseFilter(page, 'Grade', ['GL 08']);
      await expect(countChip(page)).toHaveText(`${expected.length} / 2,000 records`);
      const rows = recordsTable(page).getByRole('row');
      await expect(rows).toHaveCount(Math.min(10, expected.length) + 1);
      for (const row of await rows.all().then((all) => all.slice(1))) {
        await expect(row).toContainText('Ministry of Justice');
        await expect(row).toContainText('GL 08');
        await expect(row).toContainText('Uploaded');
      }
      const firstName = [...expected.map((row) => row[1] ?? '')].sort((a, b) => a.localeCompare(b))[0] ?? '';
      await expect(recordsTable(page)).toContainText(firstName);
      await screen(page, 'records-filtered');
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Clear Filters' }).first().click();
      await expect(page.getByText('Filters cleared')).toBeVisible();
      await expect(countChip(page)).toHaveText('2,000 / 2,000 records');
    });

    await test.step('Master Records: search by a name, then by a PSN (issue #17)', async () => {
      const searchBox = page.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' });
      const wordsOf = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/);
      // A name word's start (any word: first, middle or surname), in another letter case.
      const surname = wordsOf(sampleRows[3]?.[1] ?? '').at(-1) ?? '';
      const prefix = surname.slice(0, 5);
      const byName = sampleRows.filter((row) => wordsOf(row[1] ?? '').some((w) => w.startsWith(prefix)));
      expect(byName.length).toBeGreaterThan(1);
      await searchBox.fill(prefix.toUpperCase());
      await expect(countChip(page)).toHaveText(`${byName.length} / 2,000 records`);
      const rows = recordsTable(page).getByRole('row');
      await expect(rows).toHaveCount(Math.min(10, byName.length) + 1);
      const names = byName.map((row) => row[1] ?? '');
      for (const row of await rows.all().then((all) => all.slice(1))) {
        const text = (await row.textContent()) ?? '';
        expect(
          names.some((name) => text.includes(name)),
          text,
        ).toBe(true);
      }
      await screen(page, 'records-search-name');
      await expectNoSeriousA11yViolations(page);

      // Two words, in any order: the first name and the surname of one person.
      const person = sampleRows[3]!;
      const [first] = wordsOf(person[1] ?? '');
      await searchBox.fill(`${surname} ${first}`);
      const both = sampleRows.filter((row) => {
        const words = wordsOf(row[1] ?? '');
        return words.some((w) => w.startsWith(surname)) && words.some((w) => w.startsWith(first ?? ''));
      });
      await expect(countChip(page)).toHaveText(`${both.length} / 2,000 records`);
      await expect(recordsTable(page)).toContainText(person[1] ?? '');

      // The start of a PSN, in lower case.
      const psn = (sampleRows[1]?.[3] ?? '').slice(0, 7);
      const byPsn = sampleRows.filter((row) => (row[3] ?? '').startsWith(psn));
      await searchBox.fill(psn.toLowerCase());
      await expect(countChip(page)).toHaveText(`${byPsn.length} / 2,000 records`);
      await expect(recordsTable(page)).toContainText(sampleRows[1]?.[1] ?? '');
      await screen(page, 'records-search-psn');

      await page.getByRole('button', { name: 'Clear search' }).click();
      await expect(countChip(page)).toHaveText('2,000 / 2,000 records');
      await expect(searchBox).toHaveValue('');
    });

    await test.step('pages through on the server: next page, then 25 rows per page', async () => {
      await expect(page.getByText('1–10 of 2,000')).toBeVisible();
      const firstPageTop = await recordsTable(page).getByRole('row').nth(1).textContent();
      await page.getByRole('button', { name: 'Go to next page' }).click();
      await expect(page.getByText('11–20 of 2,000')).toBeVisible();
      await expect(recordsTable(page).getByRole('row').nth(1)).not.toHaveText(firstPageTop ?? '');

      await page.getByRole('combobox', { name: /Rows per page/ }).click();
      await page.getByRole('option', { name: '25' }).click();
      await expect(page.getByText('1–25 of 2,000')).toBeVisible();
      await expect(recordsTable(page).getByRole('row')).toHaveCount(26);
    });

    await test.step('records flagged for re-verification: Notify All, then View Records', async () => {
      // Flagging needs verified records (bulk verification, another journey): the upload's answer
      // is stubbed with three real ids; notify and the ids filter run against the server.
      const token = await storedToken(page);
      const answer = await page.request.get('/api/v1/records?page=1&pageSize=3&grade=GL%2017', {
        headers: { Authorization: `Bearer ${token}` },
      });
      const flagged = ((await answer.json()) as { items: { id: string; fullName: string }[] }).items;
      expect(flagged).toHaveLength(3);
      await page.route('**/api/v1/records/upload', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            newRecordsCreated: 0,
            existingRecordsUpdated: 3,
            recordsRequiringReverificationIds: flagged.map((record) => record.id),
            reverificationAwaitingApproval: 0,
            columnsNotInFile: [],
            blankCellsKept: [],
            sharesRemovedIdentity: 0,
          }),
        }),
      );
      await goTo(page, 'File Upload');
      await fileInput(page).setInputFiles(SAMPLE);
      await uploadButton(page).click();
      await expect(page.getByTestId('summary-reverification')).toHaveText(
        'Records requiring re-verification: 3',
      );
      await page.unroute('**/api/v1/records/upload');
      await dismissToasts(page);
      await page.getByRole('button', { name: 'Notify All' }).click();
      // The server's own message is the toast.
      await expect(page.locator('.notistack-MuiContent')).toContainText(
        'Re-verification notices queued for 3 records.',
      );
      await screen(page, 'upload-summary-reverification');

      await page.getByRole('button', { name: 'View Records' }).click();
      await expect(page).toHaveURL('/dashboard/tenant-admin/records');
      await expect(page.getByText('Showing 3 records that need re-verification')).toBeVisible();
      await expect(countChip(page)).toHaveText('3 / 2,000 records');
      for (const record of flagged) await expect(recordsTable(page)).toContainText(record.fullName);
      await screen(page, 'records-reverification');
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Show All Records' }).click();
      await expect(page.getByText('Showing 3 records that need re-verification')).toHaveCount(0);
      await expect(countChip(page)).toHaveText('2,000 / 2,000 records');
    });

    await test.step('a file with bad rows is refused with a table of its errors', async () => {
      const bad = testInfo.outputPath('bad-master-list.csv');
      fs.writeFileSync(
        bad,
        [
          HEADERS,
          '1,Adaeze Okonkwo,DM/HLT/90001,PSN900001,12345678901,SS90000001,Ministry of Health,,GL 08,CONHESS-08-01,CONHESS,01/02/1985,adaeze@example.gov.ng,08030000001',
          '2,Babatunde Ade,DM/HLT/90002,PSN900002,1234,SS90000002,Ministry of Health,Nursing Services,GL 08,CONHESS-08-01,CONHESS,03/04/1986,bade@example.gov.ng,08030000002',
        ].join('\n') + '\n',
      );
      await goTo(page, 'File Upload');
      await fileInput(page).setInputFiles(bad);
      await uploadButton(page).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Upload failed' })).toContainText(
        'The file has 2 errors; nothing was imported.',
      );
      const errors = page.getByRole('table', { name: '2 errors' });
      await expect(errors.getByRole('row')).toHaveCount(3);
      // Row numbers count the header as row 1, as a spreadsheet shows them.
      await expect(errors.getByRole('row').nth(1).getByRole('cell')).toHaveText([
        '2',
        'Department',
        /required/,
      ]);
      await expect(errors.getByRole('row').nth(2).getByRole('cell')).toHaveText(['3', 'NIN', /11 digits/]);
      await screen(page, 'upload-error');
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Remove bad-master-list.csv' }).click();
      await expect(page.getByRole('button', { name: 'Browse Files' })).toBeVisible();
    });

    await test.step('a re-upload of a few rows with one name changed updates only that record', async () => {
      const changed = testInfo.outputPath('master-list-changes.csv');
      const firstRows = sampleLines.slice(1, 6);
      const renamed = splitCsvLine(firstRows[0] ?? '');
      const newName = `${renamed[1]} Adebayo`;
      firstRows[0] = firstRows[0]!.replace(renamed[1]!, newName);
      fs.writeFileSync(changed, [HEADERS, ...firstRows].join('\n') + '\n');

      await fileInput(page).setInputFiles(changed);
      await uploadButton(page).click();
      await expect(page.getByTestId('summary-created')).toHaveText('0');
      await expect(page.getByTestId('summary-updated')).toHaveText('1');
      // The records were never verified, so a changed name needs no re-verification.
      await expect(page.getByTestId('summary-reverification')).toHaveCount(0);
      await expect(page.getByRole('table', { name: 'Upload History' }).getByRole('row').nth(1)).toContainText(
        'master-list-changes.csv',
      );
      await page.getByRole('button', { name: 'Upload Another File' }).click();
      await expect(uploadButton(page)).toBeDisabled();

      // Put the name back: the tenant's list is the sample as it is again.
      const restore = testInfo.outputPath('master-list-restore.csv');
      fs.writeFileSync(restore, [HEADERS, ...sampleLines.slice(1, 6)].join('\n') + '\n');
      await fileInput(page).setInputFiles(restore);
      await uploadButton(page).click();
      await expect(page.getByTestId('summary-created')).toHaveText('0');
      await expect(page.getByTestId('summary-updated')).toHaveText('1');
    });
  });
  test('both tabs fit a phone: the table scrolls, not the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_USERS.tenantAdmin);
    for (const [tab, name] of [
      ['uploads', 'upload-phone'],
      ['records', 'records-phone'],
    ] as const) {
      await page.goto(`/dashboard/tenant-admin/${tab}`);
      await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
      if (tab === 'records') await expect(countChip(page)).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screen(page, name);
    }
  });
});
