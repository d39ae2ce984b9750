import { INTEGRITY_RULES } from '@portal/contract/integrity';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, type SignInUser } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { goTo } from './support/navigation.ts';
import { uploadMasterList } from './support/file-upload.ts';

/**
 * Payroll integrity (issue #21) as a tenant administrator meets it: upload the sample master list
 * (its payroll columns carry anomalies of every kind, examples/README.md), open Integrity, read
 * the rule cards and the chart of pay at stake by ministry, confirm one flag as a ghost (the
 * record is rejected) and dismiss another, each with a reason; the search box finds a flagged
 * person by a name's start and by PSN (issue #17 item 7).
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');
const run = Date.now().toString(36);
const admin: SignInUser = {
  email: `admin.${run}@integrity.example`,
  password: 'Integrity12345!',
  home: DEMO_USERS.tenantAdmin.home,
  title: DEMO_USERS.tenantAdmin.title,
};

const card = (page: Page, rule: string) =>
  page.getByRole('list', { name: 'Rules' }).getByRole('button', { name: new RegExp(`^${rule}: `) });
const flags = (page: Page) => page.getByRole('table', { name: 'Integrity flags' });

/** Waits for the rules to have run: no progress bar left and the 'as of' line shown. */
async function evaluated(page: Page) {
  await expect(page.getByText(/^Rules evaluated as of /)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

test('a tenant admin uploads the master list, reads the integrity flags and decides on two', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await createTenantOnDemoSimulator(
    request,
    { name: `Integrity State ${run}`, subdomain: `integrity-${run}`, stateCode: 'IS' },
    { fullName: 'Ireti Integrity-Admin', email: admin.email, password: admin.password },
  );
  await signIn(page, admin);

  await test.step('the sample master list is uploaded with its payroll columns', async () => {
    await uploadMasterList(page, SAMPLE, '2,000');
  });

  await test.step('Integrity shows a card per rule with ₦ a month, and the pay at stake by ministry', async () => {
    await goTo(page, 'Integrity');
    await evaluated(page);
    await expect(page.getByRole('list', { name: 'Rules' }).getByRole('listitem')).toHaveCount(
      INTEGRITY_RULES.length,
    );
    // The planted groups and placeholder dates are exact; ages move on with the calendar.
    await expect(card(page, 'Bank account on several records')).toHaveAccessibleName(
      /^[^:]+: 9 records, ₦[\d,]+\.\d\d a month/,
    );
    await expect(card(page, 'BVN on several records')).toHaveAccessibleName(/: 9 records, /);
    await expect(card(page, 'NIN on several records')).toHaveAccessibleName(/: 6 records, /);
    await expect(card(page, 'Implausible birth date')).toHaveAccessibleName(/: 4 records, /);
    // Issue #36: the sample's four account numbers with a wrong check digit, with their pay.
    await expect(card(page, 'Account number that cannot exist')).toHaveAccessibleName(
      /^[^:]+: 4 records, ₦[1-9][\d,]*\.\d\d a month/,
    );
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals).toContainText(/₦ at stake a month₦[1-9][\d,]*\.\d\d/);
    const chart = page.getByTestId('pay-at-stake-chart');
    await expect(chart.locator('svg').first()).toBeVisible();
    await expect(chart).toContainText('Ministry of Education');
    await expect(flags(page).getByRole('row')).toHaveCount(11); // a header and a page of 10
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    await saveScreen(page, 'integrity-tab');
  });

  await test.step('on a phone the pay at stake is a table, not a chart squeezed by its labels', async () => {
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    const table = page.getByRole('table', {
      name: /^Monthly pay of the flagged records in each of \d+ ministries$/,
    });
    await expect(table).toBeVisible();
    await expect(page.getByTestId('pay-at-stake-chart')).toBeHidden();
    await expect(table.getByRole('rowheader', { name: 'Ministry of Education' })).toBeVisible();
    await saveScreen(page, 'integrity-tab-phone');
    await page.setViewportSize(size);
    await expect(page.getByTestId('pay-at-stake-chart').locator('svg').first()).toBeVisible();
  });

  await test.step('the search box finds a flagged person by the start of a name and by PSN', async () => {
    const first = flags(page).getByRole('row').nth(1);
    const [name, psn] = (await first.getByRole('rowheader').innerText()).split('\n') as [string, string];
    const start = name.split(' ').at(-1)!.slice(0, 4).toLowerCase();
    const box = page.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' });
    await box.fill(start);
    const names = async () =>
      (await flags(page).getByRole('rowheader').allInnerTexts()).map((t) => t.split('\n')[0]!);
    // The list follows the typing: every row's name has a word that starts with the search.
    await expect
      .poll(async () => {
        const shown = await names();
        return (
          shown.includes(name) &&
          shown.every((n) =>
            n
              .toLowerCase()
              .split(/[\s'-]+/)
              .some((w) => w.startsWith(start)),
          )
        );
      })
      .toBe(true);
    await page.mouse.move(0, 0);
    const list = page.getByRole('region', { name: 'Flags' });
    await list.screenshot({ path: test.info().outputPath('integrity-search.png'), animations: 'disabled' });
    await page.setViewportSize({ width: 390, height: 844 });
    await list.screenshot({
      path: test.info().outputPath('integrity-search-phone.png'),
      animations: 'disabled',
    });
    await page.setViewportSize({ width: 1280, height: 720 });

    await box.fill(psn.toLowerCase());
    // Only that PSN's flags (a record can have several), once the list has followed.
    await expect
      .poll(async () => [
        ...new Set((await flags(page).getByRole('rowheader').allInnerTexts()).map((t) => t.split('\n')[1])),
      ])
      .toEqual([psn]);
    await box.fill('zzzzqq');
    await expect(page.getByText('No flag matches the search and filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).last().click();
    await expect(box).toHaveValue('');
    await expect(flags(page).getByRole('row')).toHaveCount(11);
  });

  await test.step('one flag is confirmed as a ghost: the record is rejected and the group dissolves', async () => {
    await card(page, 'NIN on several records').click();
    await expect(flags(page).getByRole('row')).toHaveCount(7);
    const row = flags(page).getByRole('row').nth(1);
    const name = (await row.getByRole('rowheader').innerText()).split('\n')[0]!;
    await row.getByRole('button', { name: /^Decide on the flag of / }).click();
    const dialog = page.getByRole('dialog', { name: 'Decide on an Integrity Flag' });
    await dialog.getByRole('radio', { name: /^Confirm/ }).check();
    await expect(dialog).toContainText('it leaves the payroll export');
    await dialog.getByRole('combobox', { name: /Reason/ }).click();
    await page.getByRole('option', { name: 'Duplicate record' }).click();
    await dialog
      .getByRole('textbox', { name: /Note/ })
      .fill('Same NIN as a serving officer; not seen at the headcount');
    await dialog.getByRole('button', { name: 'Confirm Ghost' }).click();
    await expect(page.getByText(`${name} confirmed as a ghost`)).toBeVisible();
    await expect(dialog).toBeHidden();
    // The rules run again: the other record of the pair is no longer in a group.
    await evaluated(page);
    await expect(card(page, 'NIN on several records')).toHaveAccessibleName(/: 4 records, /);
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Confirmed' }).click();
    // This rule's row of the person: other rules' rows of theirs may show while the list changes.
    const confirmed = flags(page)
      .getByRole('row', { name: new RegExp(name) })
      .filter({ hasText: 'NIN on several records' });
    await expect(confirmed).toContainText('Confirmed');
    await expect(confirmed).toContainText('Duplicate record');
  });

  await test.step('another flag is dismissed with a reason and leaves the open list', async () => {
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Open' }).click();
    await card(page, 'Implausible birth date').click();
    await expect(flags(page).getByRole('row')).toHaveCount(5);
    // The NIN list shown meanwhile has as many rows: wait for this rule's own list.
    await expect(flags(page).getByRole('row').nth(1)).toContainText('Implausible birth date');
    const row = flags(page).getByRole('row').nth(1);
    const name = (await row.getByRole('rowheader').innerText()).split('\n')[0]!;
    await row.getByRole('button', { name: /^Decide on the flag of / }).click();
    const dialog = page.getByRole('dialog', { name: 'Decide on an Integrity Flag' });
    await dialog.getByRole('radio', { name: /^Dismiss/ }).check();
    await dialog.getByRole('combobox', { name: /Reason/ }).click();
    await page.getByRole('option', { name: 'Data error (to be corrected in the master list)' }).click();
    await dialog.getByRole('button', { name: 'Dismiss Flag' }).click();
    await expect(page.getByText('Flag dismissed.')).toBeVisible();
    await expect(flags(page).getByRole('row')).toHaveCount(4);
    await expect(card(page, 'Implausible birth date')).toHaveAccessibleName(/: 3 records, /);
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Dismissed' }).click();
    const dismissed = flags(page)
      .getByRole('row', { name: new RegExp(name) })
      .filter({ hasText: 'Implausible birth date' });
    await expect(dismissed).toContainText('Dismissed');
    await expect(dismissed).toContainText('Data error');
    await saveScreen(page, 'integrity-dismissed');
  });

  await test.step('Settings switches a rule off: its open flags close and its card says so', async () => {
    await goTo(page, 'Settings');
    const rules = page.getByRole('list', { name: 'Integrity rules' });
    const toggle = rules.getByRole('switch', { name: 'BVN on several records' });
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByText('Rules saved: the rules are running again.')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    await goTo(page, 'Integrity');
    await evaluated(page);
    // Its card says so in its name (the card locator above expects the rule's name then a colon).
    await expect(
      page
        .getByRole('list', { name: 'Rules' })
        .getByRole('button', { name: /^BVN on several records \(Switched off\): 0 records, ₦0\.00 a month/ }),
    ).toBeVisible();
    await expect(card(page, 'Bank account on several records')).toHaveAccessibleName(/: 9 records, /);
  });
});
