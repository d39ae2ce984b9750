import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { FlagsPage } from '@portal/contract/integrity';
import { DEMO_ACCOUNT_CREDENTIALS } from '@portal/optima/name-enquiry/demo-accounts';
import { call, login } from './support/api.ts';
import { splitCsvLine } from './support/csv.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, signOut, type SignInUser } from './support/login-page.ts';
import { goTo } from './support/navigation.ts';
import { saveScreen } from './support/screens.ts';
import { showMostTenants } from './support/tenant-table.ts';
import { settle } from './support/toasts.ts';
import { csvFile, uploadMasterList } from './support/file-upload.ts';

/**
 * Issue #36 as the people who run it meet it. The global administrator gives a new tenant an
 * account name provider (the demo account simulator) in the tenant form and tests it; the
 * tenant's administrator uploads a few people of the sample list, one of them paid into an account
 * the bank holds in another person's name, runs the account check from Bulk Verification, opens
 * the flag 'Account held in another person's name' with the bank's name as evidence and confirms
 * the ghost. The same people are on the demo tenant's payroll (its seeded sample): each of the two
 * tenants sees them flagged 'On another state's payroll', naming the other tenant and nothing of
 * its record.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const [HEADER, ...SAMPLE_ROWS] = fs
  .readFileSync(path.join(REPO_ROOT, 'examples/master-list.csv'), 'utf8')
  .trim()
  .split(/\r?\n/);
const COLUMNS = splitCsvLine(HEADER!);
const cell = (row: string, column: string) => splitCsvLine(row)[COLUMNS.indexOf(column)]!;

/** What the bank answers for each account of the sample (examples/bank-accounts.csv). */
const BANK = new Map(
  fs
    .readFileSync(path.join(REPO_ROOT, 'examples/bank-accounts.csv'), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => {
      const [, accountNumber, status, accountName] = splitCsvLine(line);
      return [accountNumber!, { status: status!, accountName: accountName! }] as const;
    }),
);

// People far down the sample (other journeys take its first rows), each with an account of their own.
const candidates = SAMPLE_ROWS.slice(1500).filter(
  (row) => SAMPLE_ROWS.filter((r) => cell(r, 'Account Number') === cell(row, 'Account Number')).length === 1,
);
const ownName = (row: string) =>
  BANK.get(cell(row, 'Account Number'))?.accountName === cell(row, 'Full Name').toUpperCase();
/** Paid into an account the bank holds in another employee's name. */
const GHOST = candidates.find((row) => {
  const bank = BANK.get(cell(row, 'Account Number'));
  return bank?.status === 'FOUND' && !ownName(row);
})!;
/** Paid into their own accounts. */
const OWN = candidates.filter(ownName).slice(0, 3);
const ROWS = [GHOST, ...OWN];
const ghostName = cell(GHOST, 'Full Name');
const bankName = BANK.get(cell(GHOST, 'Account Number'))!.accountName;
/** A person paid by both tenants, whose flag each tenant sees. */
const TWICE = cell(OWN[0]!, 'Full Name');

const run = Date.now().toString(36);
const tenant = { name: `Bank Check State ${run}`, subdomain: `bankcheck-${run}`, stateCode: 'BK' };
const admin: SignInUser = {
  email: `admin.${run}@bankcheck.example`,
  password: 'BankCheck12345!',
  home: DEMO_USERS.tenantAdmin.home,
  title: DEMO_USERS.tenantAdmin.title,
};

const rulesList = (page: Page) => page.getByRole('list', { name: 'Rules' });
const ruleCard = (page: Page, rule: string) =>
  rulesList(page).getByRole('button', { name: new RegExp(`^${rule}: `) });
const flags = (page: Page) => page.getByRole('table', { name: 'Integrity flags' });

/** The demo account simulator's address, as demo mode wrote it into the demo tenant. */
async function accountSimulatorUrl(request: APIRequestContext): Promise<string> {
  const token = await login(request, DEMO_USERS.globalAdmin);
  const tenants = await call<{ subdomain: string; accountProvider: { apiBaseUrl: string } | null }[]>(
    request,
    'GET',
    '/api/v1/global-admin/tenants',
    { token },
  );
  const url = tenants.find((t) => t.subdomain === 'demo')?.accountProvider?.apiBaseUrl;
  expect(url, 'demo mode gives the demo tenant the account simulator').toBeTruthy();
  return url!;
}

/** The flag of `name` under the rule `rule`, found by the screen's search. */
async function openFlagOf(page: Page, rule: string, name: string) {
  await expect(ruleCard(page, rule)).toBeVisible({ timeout: 90_000 });
  await ruleCard(page, rule).click();
  await page.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' }).fill(name);
  // This rule's row: the person's other flags may show until the rule's own list arrives.
  const row = flags(page)
    .getByRole('row', { name: new RegExp(name) })
    .filter({ hasText: rule });
  await expect(row).toBeVisible();
  return row;
}

test('the bank names an account in another name, and a person paid by two states is flagged in both', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  expect(GHOST, 'the sample has an account in another name far down').toBeTruthy();
  expect(OWN).toHaveLength(3);
  const simulatorUrl = await accountSimulatorUrl(request);
  await createTenantOnDemoSimulator(request, tenant, {
    fullName: 'Bola Bank-Check',
    email: admin.email,
    password: admin.password,
  });

  await test.step('the global admin configures the account name provider and tests it', async () => {
    await signIn(page, DEMO_USERS.globalAdmin);
    await goTo(page, 'Tenant Management');
    await showMostTenants(page);
    const row = page.getByRole('row').filter({ hasText: tenant.name });
    await row.getByRole('button', { name: 'Edit Tenant' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Edit Tenant' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Account Provider API Base URL' }).fill(simulatorUrl);
    await page
      .getByRole('textbox', { name: 'Account Provider Client ID' })
      .fill(DEMO_ACCOUNT_CREDENTIALS.clientId);
    await page
      .getByRole('textbox', { name: /^Account Provider Client Secret/ })
      .fill(DEMO_ACCOUNT_CREDENTIALS.clientSecret);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Edit Tenant' })).toBeHidden();

    // Saved: the form opens again with the secret kept (write-only), and the connection answers.
    await page
      .getByRole('row')
      .filter({ hasText: tenant.name })
      .getByRole('button', { name: 'Edit Tenant' })
      .click();
    await expect(page.getByRole('textbox', { name: 'Account Provider API Base URL' })).toHaveValue(
      simulatorUrl,
    );
    await page.getByRole('button', { name: 'Test Account Provider' }).click();
    await expect(page.getByText('Connected to the account name provider: it issued a token')).toBeVisible({
      timeout: 30_000,
    });
    await saveScreen(page, 'account-provider-form');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await signOut(page);
  });

  await test.step('the tenant admin uploads four people and runs the account check', async () => {
    await signIn(page, admin);
    await uploadMasterList(page, csvFile([HEADER!, ...ROWS]), String(ROWS.length));
    await goTo(page, 'Bulk Verification');
    const section = page.getByRole('region', { name: 'Account Check' });
    await section.getByRole('button', { name: 'Start Account Check' }).click();
    const job = section.getByRole('table', { name: 'Account check jobs' }).getByRole('row').nth(1);
    await expect(job.getByText('COMPLETED', { exact: true })).toBeVisible({ timeout: 90_000 });
    // Four accounts (the date heads the row): three in their holders' own names, one in another's.
    await expect(job.getByRole('cell').nth(0)).toHaveText('4');
    await expect(job.getByRole('cell').nth(1)).toHaveText('3');
    await expect(job.getByRole('cell').nth(2)).toHaveText('1');
    await saveScreen(page, 'account-check-history');
  });

  await test.step("the flag 'Account held in another person's name' shows the bank's name; the admin confirms it", async () => {
    await goTo(page, 'Integrity');
    const row = await openFlagOf(page, "Account held in another person's name", ghostName);
    await expect(row).toContainText(`held in the name ${bankName}`);
    await settle(page);
    await saveScreen(page, 'account-name-mismatch-flag');
    await row.getByRole('button', { name: `Decide on the flag of ${ghostName}` }).click();
    const decide = page.getByRole('dialog', { name: 'Decide on an Integrity Flag' });
    await decide.getByRole('radio', { name: /^Confirm/ }).check();
    await decide.getByRole('combobox', { name: /Reason/ }).click();
    await page.getByRole('option', { name: 'Identity not established' }).click();
    await decide.getByRole('button', { name: 'Confirm Ghost' }).click();
    await expect(page.getByText(`${ghostName} confirmed as a ghost`)).toBeVisible();
  });

  await test.step("this tenant sees the person the demo tenant also pays: 'On another state's payroll'", async () => {
    await page.reload();
    const row = await openFlagOf(page, "On another state's payroll", TWICE);
    await expect(row).toContainText('On the payroll of Demo State (DM): same NIN, BVN, bank account.');
    await signOut(page);
  });

  await test.step('and the demo tenant sees them too, naming this tenant and nothing of its record', async () => {
    // The demo tenant's rules run again when a digest of its reaches another tenant; its 2,000
    // records take a while. Nothing of this tenant's record is in the flag: no PSN, no name.
    const demo = await login(request, DEMO_USERS.tenantAdmin);
    const twiceFlag = async () =>
      (
        await call<FlagsPage>(
          request,
          'GET',
          `/api/v1/integrity/flags?rule=ON_ANOTHER_PAYROLL&q=${encodeURIComponent(TWICE)}`,
          { token: demo },
        )
      ).items[0];
    await expect
      .poll(async () => JSON.stringify((await twiceFlag())?.evidence ?? null), { timeout: 120_000 })
      .toContain(tenant.name);
    const evidence = JSON.stringify((await twiceFlag())!.evidence);
    expect(evidence).not.toContain(cell(OWN[0]!, 'PSN'));
    expect(evidence).not.toContain(cell(OWN[0]!, 'NIN'));
    await signIn(page, DEMO_USERS.tenantAdmin);
    await goTo(page, 'Integrity');
    const row = await openFlagOf(page, "On another state's payroll", TWICE);
    await expect(row).toContainText(`${tenant.name} (${tenant.stateCode})`);
    await settle(page);
    await saveScreen(page, 'on-another-payroll-demo');
  });
});
