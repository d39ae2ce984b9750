import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS } from './support/demo-users.ts';
import { signIn } from './support/login-page.ts';
import { goTo } from './support/navigation.ts';

/**
 * A toast does not sit over what its screen shows first (issue #31): the employee's status chip
 * under 'Login successful!', Master Records' first rows under 'Loaded N records', on a phone and
 * on a laptop.
 */
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.notistack-MuiContent').filter({ hasText: text });

async function expectApart(a: Locator, b: Locator) {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  const overlap = x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  expect(overlap, `${JSON.stringify(x)} and ${JSON.stringify(y)}`).toBe(false);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 720 } });

    test("the login toast leaves the employee's status in view", async ({ page }) => {
      await signIn(page, DEMO_USERS.employee);
      const shown = toast(page, 'Login successful! Welcome back.');
      await expect(shown).toBeVisible();
      const status = page.locator('[data-status]').first();
      await expect(status).toBeVisible();
      await expectApart(shown, status);
    });

    test("Master Records' load toast leaves the first rows in view", async ({ page }) => {
      await signIn(page, DEMO_USERS.tenantAdmin);
      await goTo(page, 'Master Records');
      const shown = toast(page, /^Loaded [\d,]+ records successfully/);
      await expect(shown).toBeVisible();
      const rows = page.getByRole('table', { name: 'Master records' }).getByRole('row');
      await expect(rows.nth(1)).toBeVisible();
      // The header and the first rows a phone shows without scrolling.
      for (const row of [rows.nth(0), rows.nth(1)]) {
        if ((await row.boundingBox())!.y < page.viewportSize()!.height) await expectApart(shown, row);
      }
    });
  });
}
