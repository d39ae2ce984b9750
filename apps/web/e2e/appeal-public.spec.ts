import { expect, test } from '@playwright/test';
import { APPEAL_MESSAGES } from '@portal/contract/appeals';
import type { MasterRecord } from '@portal/contract/records';
import { call, login } from './support/api.ts';
import { setClockAhead } from './support/clock.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, type SignInUser } from './support/login-page.ts';
import { goTo, openPage } from './support/navigation.ts';
import {
  ministryNamed,
  suspendNoShowsOf,
  uniquePeopleOf,
  uploadAndVerifySample,
} from './support/suspended-no-show.ts';

/*
 * The public appeal (issue #34 item 4), in a tenant of its own: a person of the sample list, who
 * never claimed an account, is suspended as a no-show of a verification exercise; from the claim
 * page's link (the tenant in `?tenant=`) they open /appeal, pass the claim's identity check (consent,
 * SSID, NIN, PSN), give the kind and the grounds and get a reference; a tenant admin then finds the
 * appeal in the Appeals queue, lodged on the public page.
 *
 * The clock file is the portal's, shared by every journey of the run: this one puts it back at 0.
 */

const run = Date.now().toString(36);
const SUBDOMAIN = `pubappeal-${run}`;
const MINISTRY = 'Ministry of Health';
const admin: SignInUser = {
  email: `admin.${run}@pubappeal.example`,
  password: 'Journey12345!',
  home: DEMO_USERS.tenantAdmin.home,
  title: DEMO_USERS.tenantAdmin.title,
};
const GROUNDS = 'I was at the Lokoja screening site on the day; my name was never called.';

test.afterAll(() => setClockAhead(0));

test('a suspended person without an account appeals on the public page; the tenant admin sees it', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  let person: MasterRecord;
  await test.step('a person of the Ministry of Health is suspended as a no-show', async () => {
    await createTenantOnDemoSimulator(
      request,
      { name: `Public Appeal State ${run}`, subdomain: SUBDOMAIN, stateCode: 'PA' },
      { fullName: 'Ada Admin', email: admin.email, password: admin.password },
    );
    const token = await login(request, admin);
    await uploadAndVerifySample(request, token);
    const health = await ministryNamed(request, token, MINISTRY);
    person = (await uniquePeopleOf(request, token, health))[0]!;
    expect(person).toBeTruthy();
    await suspendNoShowsOf(request, token, health, `Health headcount ${run}`);
    const suspended = await call<MasterRecord>(request, 'GET', `/api/v1/records/${person.id}`, { token });
    expect(suspended.status).toBe('SUSPENDED');
  });

  await test.step('they follow the claim page link to /appeal and lodge the appeal', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, `/register-employee?tenant=${SUBDOMAIN}`);
    await page.getByRole('link', { name: /never claimed an account\? Lodge an appeal/ }).click();
    await expect(page).toHaveURL(`/appeal?tenant=${SUBDOMAIN}`);
    const card = page.getByTestId('registration-card');
    await expect(card.getByText(`Public Appeal State ${run} employee portal`)).toBeVisible();
    await expect(card.getByText('Appeal a suspension')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Identity' })).toBeVisible();

    await page.getByRole('checkbox', { name: /to the use of my NIN and SSID/ }).check();
    await page.getByRole('textbox', { name: 'SSID' }).fill(person.ssid!);
    await page.getByRole('textbox', { name: 'NIN' }).fill(person.nin!);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Security Confirmation' })).toBeVisible();
    await page.getByRole('textbox', { name: 'PSN' }).fill(person.psn!);
    await page.getByRole('button', { name: 'Confirm & Continue' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your Appeal' })).toBeVisible();
    await page.getByRole('combobox', { name: /What happened/ }).click();
    await page.getByRole('option', { name: 'I was present' }).click();
    await page.getByRole('textbox', { name: /Your grounds/ }).fill(GROUNDS);
    await page.getByRole('button', { name: 'Lodge Appeal' }).click();

    const lodged = page.getByTestId('public-appeal-lodged');
    await expect(lodged.getByRole('status')).toHaveText(APPEAL_MESSAGES.lodgedPublic);
    await expect(lodged.getByTestId('public-appeal-reference')).toHaveText(/\S{8,}/);
    await expect(page.getByRole('button', { name: 'Lodge Appeal' })).toHaveCount(0);
    // Nothing runs off the side of a phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  await test.step('the tenant admin finds it in the Appeals queue, lodged on the public page', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin);
    await goTo(page, /^Appeals/);
    const row = page
      .getByRole('table', { name: 'Appeals' })
      .getByRole('row', { name: new RegExp(person.fullName) });
    await expect(row).toContainText('Public page');
    await expect(row).toContainText('I was present');
    await expect(row).toContainText(person.psn!);
  });
});
