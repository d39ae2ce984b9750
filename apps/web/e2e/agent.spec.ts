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

test('agent finds an employee on the desk and opens their card (issue #33)', async ({ page }) => {
  await signIn(page, agent);
  // The desk above the identity check: the exercises of the assignment (the demo agent has none
  // assigned, so the whole tenant), then the search.
  await expect(page.getByRole('heading', { level: 3, name: 'Exercises running today' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Find a person' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Search by name or number' }).fill('Hafsat Abdullahi');
  await page.getByRole('button', { name: 'Search' }).click();
  // Two demo employees share the name: the PSN tells them apart.
  const result = page
    .getByRole('list', { name: 'Find a person' })
    .getByRole('button', { name: /Hafsat Abdullahi/ })
    .filter({ hasText: 'PSN635465' });
  await expect(result).toContainText('PSN635465');
  await expect(result).toContainText('Ministry of Finance');
  await saveScreen(page, 'agent-desk-search');

  await result.click();
  const card = page.getByTestId('field-person-card');
  await expect(card.getByRole('heading', { name: 'Hafsat Abdullahi' })).toBeVisible();
  await expect(card).toContainText('DM/FIN/99796');
  await expect(page).toHaveURL(/\/dashboard\/agent\/verify\?person=[0-9a-f-]{36}$/);
  const personUrl = page.url();

  // What the printed QR code opens: the same card, loaded by the link alone.
  await page.goto('/dashboard/agent');
  await page.goto(personUrl);
  await expect(
    page.getByTestId('field-person-card').getByRole('heading', { name: 'Hafsat Abdullahi' }),
  ).toBeVisible();

  // A claim starts from the card: the identity check names the person, its fields still empty.
  const start = page.getByRole('button', { name: 'Start the identity check' });
  if (await start.isVisible()) {
    await start.click();
    await expect(page.getByTestId('claim-for')).toContainText('Hafsat Abdullahi');
    await expect(page.getByRole('textbox', { name: 'NIN' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'SSID' })).toBeFocused();
  }
  await saveScreen(page, 'agent-desk-person');
});
