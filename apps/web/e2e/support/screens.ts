import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const SCREENS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/screens');

/** Saves a full-page screenshot to apps/web/test-results/screens/<name>.png for a human to look at. */
export async function saveScreen(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENS_DIR, `${name}.png`);
  // Let transitions (tabs indicator, toasts) settle so the picture shows the resting state.
  await page.evaluate(() => document.fonts.ready);
  // From the top: a sticky top bar would otherwise be drawn across the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
