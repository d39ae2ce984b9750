import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { loginForm, submitLogin } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { openPage } from './support/navigation.ts';

test.describe('login screen', () => {
  test('shows the sign-in form and the claim link', async ({ page }) => {
    await openPage(page, '/login');
    const form = loginForm(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(form.email).toBeVisible();
    await expect(form.password).toHaveAttribute('type', 'password');
    await expect(form.submit).toHaveText('Sign In');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Verification Portal\u2122' })).toHaveAttribute('href', '/');
    await saveScreen(page, 'login');

    await page.getByRole('button', { name: 'toggle password visibility' }).click();
    await expect(form.password).toHaveAttribute('type', 'text');

    await page.getByRole('link', { name: 'Are you an employee? Claim your account here.' }).click();
    await expect(page).toHaveURL('/register-employee');
    await expect(page.getByRole('heading', { name: 'Verify Your Identity' })).toBeVisible();
    await expect(page.getByText('Claim Your Secure Account')).toBeVisible();
    await saveScreen(page, 'register-employee');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('shows validation messages once fields are touched and does not submit', async ({ page }) => {
    await openPage(page, '/login');
    const form = loginForm(page);
    await expect(page.getByText('Email is required')).toHaveCount(0);

    await form.email.fill('not-an-email');
    await form.password.fill('123');
    await form.password.blur();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

    await form.email.fill('');
    await form.password.fill('');
    await form.submit.click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await saveScreen(page, 'login-validation');
  });

  test('three failed sign-ins lock the form with a countdown that survives a reload', async ({ page }) => {
    await openPage(page, '/login');
    const form = loginForm(page);

    await submitLogin(page, 'nobody@demo.local', 'wrong-password');
    await expect(page.getByText('Invalid credentials. 2 attempt(s) remaining.')).toBeVisible();
    await submitLogin(page, 'nobody@demo.local', 'wrong-password');
    await expect(page.getByText('Invalid credentials. 1 attempt(s) remaining.')).toBeVisible();
    await submitLogin(page, 'nobody@demo.local', 'wrong-password');
    await expect(page.getByText('Too many failed attempts. Please try again in 15 minutes.')).toBeVisible();

    const countdown = /Too many failed attempts\. Please try again in 1[45]:[0-5]\d\./;
    await expect(form.lockWarning).toHaveText(countdown);
    await expect(form.submit).toBeDisabled();

    // The toast has a Close action.
    const toast = page.locator('.notistack-MuiContent').filter({ hasText: 'in 15 minutes' });
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toHaveCount(0);
    await saveScreen(page, 'login-locked');

    await page.reload();
    await expect(form.lockWarning).toHaveText(countdown);
    await expect(form.submit).toBeDisabled();
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await openPage(page, '/login');
    await expect(loginForm(page).submit).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the first paint in the HTML (issue #32)', () => {
  for (const [path, text] of [
    ['/login', 'Sign In'],
    ['/register-employee', 'Verify Your Identity'],
  ] as const)
    test(`${path} shows its screen before the JavaScript, inert until the app draws it`, async ({ page }) => {
      // No script at all: what a phone shows while the app's code is still on its way.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(path);
      const copy = page.locator(`[data-prerendered="${path}"]`);
      await expect(copy.getByText(text).first()).toBeVisible();
      await expect(copy.locator('main')).toBeVisible();
      // The page's scripts are not needed for this paint: they go after the HTML on a slow link.
      // (Each field page on Preact has its entry and the field kit's chunks it preloads: those
      // shared by all three field pages, and by it and one other.)
      const priorities = await page
        .locator('script[type="module"][src], link[rel="modulepreload"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('fetchpriority')));
      expect(priorities.length).toBeGreaterThanOrEqual(2);
      expect(new Set(priorities)).toEqual(new Set(['low']));
      // Nothing in the copy takes focus or a tap: a form sent now would go out as a plain GET.
      const input = copy.locator('input').first();
      expect(await input.evaluate((el) => (el.focus(), document.activeElement === el))).toBe(false);
      await saveScreen(page, `prerendered${path.replace('/', '-')}`);

      await page.unrouteAll();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: text })).toBeVisible();
      await expect(page.locator('[data-prerendered]')).toHaveCount(0);
      const live = page.locator('main input').first();
      expect(await live.evaluate((el) => (el.focus(), document.activeElement === el))).toBe(true);
    });
});

test.describe('routing without a session', () => {
  for (const path of ['/', '/no/such/page', '/dashboard', '/dashboard/tenant-admin/users']) {
    test(`${path} goes to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    });
  }

  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await openPage(page, '/login');
    // The screen is a lazy route (issue #32): a Tab before it is drawn reaches no link.
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
  });
});
