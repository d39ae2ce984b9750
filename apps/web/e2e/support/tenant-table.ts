import { expect, type Page } from '@playwright/test';
import { PAGE_SIZES } from '@portal/contract/limits';

/**
 * The global admin's tenants table at its largest page: the journeys of one run create a dozen
 * tenants (more when a journey runs again), so a tenant made late in the run can fall past the
 * first page of 10, where a row looked for by name is not found.
 */
export async function showMostTenants(page: Page): Promise<void> {
  const most = String(Math.max(...PAGE_SIZES.tenants));
  const perPage = page.getByRole('combobox', { name: 'Rows per page:' });
  await expect(perPage).toBeVisible();
  if ((await perPage.textContent())?.trim() === most) return;
  await perPage.click();
  await page.getByRole('option', { name: most, exact: true }).click();
  await expect(perPage).toHaveText(most);
}
