import { expect, type Page } from '@playwright/test';
import { goTo } from './navigation.ts';

/** A file as Playwright's setInputFiles takes it: a path, or a name, type and bytes. */
export type UploadedFile = string | { name: string; mimeType: string; buffer: Buffer };

/**
 * A master list uploaded the way a tenant admin does it: File Upload, the file chosen, Upload;
 * done when the summary counts `created` new records (as the screen writes the number: '2,000').
 */
export async function uploadMasterList(page: Page, file: UploadedFile, created: string): Promise<void> {
  await goTo(page, 'File Upload');
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: /^Upload$/ }).click();
  await expect(page.getByTestId('summary-created')).toHaveText(created, { timeout: 60_000 });
}

/** Lines of a CSV (its header first) as a file named master-list.csv. */
export const csvFile = (lines: readonly string[]): UploadedFile => ({
  name: 'master-list.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(lines.join('\n')),
});
