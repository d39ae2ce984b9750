import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './support/demo-users.ts';
import { loginForm, signIn, signOut, submitLogin } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { openPage } from './support/navigation.ts';

const employee = DEMO_USERS.employee;

test.describe('employee journey', () => {
  test('signs in to the user dashboard', async ({ page }) => {
    await signIn(page, employee);
    await expect(page.getByText('Personal account and verification management')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'User Portal' })).toBeVisible();
    // The demo seed linked the demo employee to their row of the sample list, verified since.
    await expect(page.getByRole('heading', { level: 3, name: 'Emeka Okoye' })).toBeVisible();
    await expect(page.getByTestId('work-id')).toHaveText('DM/AGR/68789');
    await expect(page.getByRole('definition')).toHaveText([
      'Pending Grade Validation',
      'SS54403508',
      '48569514525',
      'Ministry of Agriculture',
      'Veterinary Services',
      'GL 10',
    ]);
    await saveScreen(page, 'dashboard-user');
  });

  test('remember me prefills the email after signing out', async ({ page }) => {
    await openPage(page, '/login');
    await loginForm(page).rememberMe.check();
    await submitLogin(page, employee.email, employee.password);
    await expect(page).toHaveURL(employee.home);

    await signOut(page);
    await expect(loginForm(page).email).toHaveValue(employee.email);
    await expect(loginForm(page).rememberMe).toBeChecked();
  });
});
