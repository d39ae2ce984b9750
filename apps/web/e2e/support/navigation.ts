import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A dashboard's own navigation (issue #32): tabs where a dashboard has a few destinations, a side
 * navigation with groups where it has many (the tenant admin's), which on a phone sits behind a
 * menu button. Every dashboard's is a <nav> named '… sections'.
 */
export const dashboardNav = (page: Page): Locator => page.getByRole('navigation', { name: / sections$/ });

/** The menu button that opens the side navigation on a phone. */
export const navMenuButton = (page: Page): Locator => page.getByRole('button', { name: /^Menu\b/ });

/** A destination in the dashboard's navigation, by its label (exact) or a pattern (with a badge). */
export function navEntry(page: Page, name: string | RegExp): Locator {
  const nav = dashboardNav(page);
  const exact = typeof name === 'string';
  return nav.getByRole('tab', { name, exact }).or(nav.getByRole('link', { name, exact }));
}

/** The open destination: the selected tab, or the side navigation's current page. */
export const currentNavEntry = (page: Page): Locator =>
  dashboardNav(page)
    .getByRole('tab', { selected: true })
    .or(dashboardNav(page).locator('a[aria-current="page"]'));

/**
 * Opens a destination of the signed-in role's dashboard from its navigation, as a person would:
 * on a phone, through the menu button first.
 */
export async function goTo(page: Page, name: string | RegExp): Promise<void> {
  const menu = navMenuButton(page);
  await expect(navEntry(page, name).or(menu).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await navEntry(page, name).click();
}

/** The destination `name` is the open one. */
export async function expectCurrent(page: Page, name: string | RegExp): Promise<void> {
  await expect(currentNavEntry(page)).toHaveText(name);
}

/**
 * Opens a page and waits until it is live. /login and /register-employee come with a pre-rendered,
 * inert copy of their screen in the HTML (DECISIONS 176, 200) that nothing can be typed into until
 * their script has hydrated it: a user, and a test, acts on the live page.
 */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
}
