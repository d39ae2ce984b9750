import { homeForRole } from '@portal/contract/roles';

/**
 * Where a site's printable list opens: a page of its own beside the dashboard (app/router.tsx), so
 * that the screen shows what the paper will and the browser's print gives only the list.
 */
export const SITE_LIST_SEGMENT = 'site-list';

export const siteListHref = (exerciseId: string, site: string) =>
  `${homeForRole('TENANT_ADMIN')}/${SITE_LIST_SEGMENT}?${new URLSearchParams({ exercise: exerciseId, site }).toString()}`;

/** The exercise's page, where the list's Back link returns. */
export const exerciseHref = (exerciseId: string) =>
  `${homeForRole('TENANT_ADMIN')}/exercises?${new URLSearchParams({ exercise: exerciseId }).toString()}`;
