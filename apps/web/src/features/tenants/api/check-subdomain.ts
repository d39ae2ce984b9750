import { TENANTS_ROUTES } from '@portal/contract/routes/tenants';
import { callApi } from '../../../lib/api-client.ts';
import { apiQueryOptions, ASK_EVERY_TIME } from '../../../lib/api-query.ts';
import { tenantKeys } from './tenant-keys.ts';

/** true when no tenant uses `subdomain` yet. */
export function checkSubdomain(subdomain: string, signal?: AbortSignal): Promise<boolean> {
  return callApi(TENANTS_ROUTES.checkSubdomain, { params: { subdomain }, signal });
}

/** Availability changes as tenants come and go: asked again each time, failing fast. */
export function subdomainAvailabilityQueryOptions(subdomain: string) {
  return apiQueryOptions(
    tenantKeys.subdomain(subdomain),
    (signal) => checkSubdomain(subdomain, signal),
    ASK_EVERY_TIME,
  );
}
