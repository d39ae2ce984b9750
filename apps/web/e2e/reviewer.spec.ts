import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './support/demo-users.ts';
import { signIn } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';

const reviewer = DEMO_USERS.reviewer;

test('reviewer signs in to the reviewer dashboard and finds the tasks of their two ministries', async ({
  page,
}) => {
  await signIn(page, reviewer);
  await expect(page.getByRole('heading', { level: 2, name: 'My Validation Tasks' })).toBeVisible();
  // The demo seed assigned Finance and Health, whose verified records await a decision.
  await expect(page.getByRole('tab', { name: /^Pending Approval \d/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Mismatched Records \d/ })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Records pending approval' }).getByRole('row');
  await expect(rows).toHaveCount(6);
  for (const row of await rows.all().then((all) => all.slice(1)))
    await expect(row).toContainText(/Ministry of (Finance|Health)/);
  await expect(page.getByText('No ministries or departments are assigned to you yet')).toHaveCount(0);
  await saveScreen(page, 'dashboard-reviewer');

  await page.goto('/dashboard/reviewer');
  await expect(page).toHaveURL(reviewer.home);
});
