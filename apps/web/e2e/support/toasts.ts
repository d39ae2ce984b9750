import { expect, type Page } from '@playwright/test';

/**
 * Closes every toast (only the toasts' Close: a dialog may have a Close button of its own) and moves
 * the pointer away, so a screenshot shows the screen at rest. A toast may close by itself between
 * finding its button and clicking it, so each click is bounded and the whole is retried until none
 * is left (an unbounded click on a toast that went away waits for it until the test times out).
 */
export async function settle(page: Page): Promise<void> {
  const close = page
    .locator('.notistack-SnackbarContainer')
    .getByRole('button', { name: 'Close', exact: true });
  await expect(async () => {
    for (const button of await close.all()) await button.click({ timeout: 1_000 }).catch(() => undefined);
    expect(await close.count()).toBe(0);
  }).toPass({ timeout: 15_000 });
  await page.mouse.move(0, 0);
}
