import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './support/demo-users.ts';
import { signIn } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';

const reviewer = DEMO_USERS.reviewer;

test('reviewer signs in to the reviewer dashboard', async ({ page }) => {
  await signIn(page, reviewer);
  await expect(page.getByRole('heading', { level: 2, name: 'My Validation Tasks' })).toBeVisible();
  await saveScreen(page, 'dashboard-reviewer');

  await page.goto('/dashboard/reviewer');
  await expect(page).toHaveURL(reviewer.home);
});
