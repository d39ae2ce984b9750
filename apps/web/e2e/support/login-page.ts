import { expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/storage-keys.ts';
import { openPage } from './navigation.ts';

export const loginForm = (page: Page) => ({
  email: page.getByRole('textbox', { name: 'Email' }),
  // The visibility toggle's label also mentions the password; the field's label starts with it.
  password: page.getByLabel(/^Password/),
  rememberMe: page.getByRole('checkbox', { name: 'Remember me' }),
  submit: page.getByRole('button', { name: /^Sign(ing)? In/ }),
  lockWarning: page.getByRole('status').filter({ hasText: 'Too many failed attempts' }),
});

export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** Who signs in and where they land: a demo user (DEMO_USERS), or one a journey created. */
export interface SignInUser {
  email: string;
  password: string;
  home: string;
  title: string;
}

/** Signs in through the login screen and waits for the role's dashboard. */
export async function signIn(page: Page, user: SignInUser): Promise<void> {
  await openPage(page, '/login');
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(user.home);
  await expect(page.getByRole('heading', { level: 1, name: user.title })).toBeVisible();
}

/**
 * Signs out from the top bar and waits for the sign-in page to be live. /login is a page of its
 * own (DECISIONS 200): Sign Out loads it, so a test that went on at once (a `goto`, typing) would
 * race that page load.
 */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(loginForm(page).submit).toBeVisible();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken);
}
