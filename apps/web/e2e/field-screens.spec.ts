import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS } from './support/demo-users.ts';
import { signIn, signOut } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { openPage } from './support/navigation.ts';

/*
 * The screens of the field at a small phone's 360 px (issue #32): the agent's verify page, the
 * public claim and the employee's profile. One-handed: nothing wider than the phone, every control
 * a tap target of at least 48 px, digits typed on a numeric keyboard; and a claim that loses the
 * network mid-step says so and keeps the step, which can be sent again.
 */

test.use({ viewport: { width: 360, height: 740 } });

const INITIATE = '**/api/v1/verification/initiate';
const CHALLENGE = '**/api/v1/verification/challenge';

/** Controls in <main> smaller than 48 × 48 px (a checkbox is tapped through its label, which is larger). */
function smallTapTargets(page: Page) {
  return page.evaluate(() => {
    const controls = document.querySelectorAll(
      'main button, main a[href], main input:not([type=checkbox]):not([type=radio]), main [role=button]',
    );
    return [...controls]
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .filter(({ box }) => box.width < 48 || box.height < 48)
      .map(
        ({ control, box }) =>
          `${control.tagName.toLowerCase()} '${(control.textContent || control.getAttribute('aria-label') || '').trim().slice(0, 40)}' ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
  });
}

async function expectFieldReady(page: Page, name: string) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  expect(await smallTapTargets(page)).toEqual([]);
  await saveScreen(page, `field-${name}-360`);
}

test('the public claim: one-handed, and a dropped network keeps the step for another try', async ({
  page,
}) => {
  await openPage(page, '/register-employee');
  await expect(page.getByRole('heading', { name: 'Verify Your Identity' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'NIN' })).toHaveAttribute('inputmode', 'numeric');
  await expectFieldReady(page, 'claim');

  const dropped =
    'The connection dropped before an answer came. Nothing was lost: check your signal, then try this step again.';
  await page.getByRole('checkbox', { name: /to the use of my NIN and SSID/ }).check();
  await page.getByRole('textbox', { name: 'SSID' }).fill('SS45837531');
  await page.getByRole('textbox', { name: 'NIN' }).fill('94274577030');

  // Step 1 with no network: said so, not 'check your SSID and NIN'; the fields stay filled.
  await page.route(INITIATE, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('registration-message')).toHaveText(dropped);
  await expect(page.getByRole('heading', { name: 'Verify Your Identity' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'NIN' })).toHaveValue('94274577030');
  await saveScreen(page, 'field-claim-offline-360');

  // Back online: the same step is sent again (answered here, so that no demo record is claimed).
  await page.unroute(INITIATE);
  await page.route(INITIATE, (route) =>
    route.fulfill({ json: { recordId: 'record-1', nextStep: 'CHALLENGE_PSN' } }),
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Security Confirmation' })).toBeVisible();

  // Step 2 loses the network too: the PSN is kept, and a retry goes on.
  await page.route(CHALLENGE, (route) => route.abort('internetdisconnected'));
  await page.getByRole('textbox', { name: 'PSN' }).fill('PSN479249');
  await page.getByRole('button', { name: 'Confirm & Continue' }).click();
  await expect(page.getByTestId('registration-message')).toHaveText(dropped);
  await expect(page.getByRole('textbox', { name: 'PSN' })).toHaveValue('PSN479249');
  await expectFieldReady(page, 'claim-psn');
  await page.unroute(CHALLENGE);
  await page.route(CHALLENGE, (route) =>
    route.fulfill({ json: { success: true, message: 'Identity confirmed. Create your account.' } }),
  );
  await page.getByRole('button', { name: 'Confirm & Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Create Your Credentials' })).toBeVisible();
});

test("the agent's verify page and the employee's profile: one-handed", async ({ page }) => {
  await signIn(page, DEMO_USERS.agent);
  await expect(page.getByRole('heading', { name: 'Verify Your Identity' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'NIN' })).toHaveAttribute('inputmode', 'numeric');
  await expectFieldReady(page, 'agent');
  // The desk's search and a person's card fit the phone too (issue #33).
  await page.getByRole('textbox', { name: 'Search by name or number' }).fill('Adaeze');
  await page.getByRole('button', { name: 'Search' }).click();
  const first = page.getByRole('list', { name: 'Find a person' }).getByRole('button').first();
  await expect(first).toContainText('Adaeze');
  await expectFieldReady(page, 'agent-search');
  await first.click();
  await expect(page.getByTestId('field-person-card')).toContainText('Next step');
  await expectFieldReady(page, 'agent-person');
  await signOut(page);

  await signIn(page, DEMO_USERS.employee);
  await expect(page.getByRole('heading', { name: 'User Portal' })).toBeVisible();
  // The profile's own heading: the top bar leaves the name out on a phone, and the viewport is
  // still the agent check's 360 px.
  await expect(page.getByRole('heading', { name: 'Emeka Okoye' })).toBeVisible();
  await expectFieldReady(page, 'profile');
});
