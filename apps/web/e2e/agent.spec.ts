import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './support/demo-users.ts';
import { signIn } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';

const agent = DEMO_USERS.agent;

test('agent signs in to the agent dashboard', async ({ page }) => {
  await signIn(page, agent);
  await expect(page.getByText('Data collection and field operations')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Agent Operations' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Verify Your Identity' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveCount(0);
  await saveScreen(page, 'dashboard-agent');

  await page.goto('/dashboard/agent');
  await expect(page).toHaveURL(agent.home);
});
