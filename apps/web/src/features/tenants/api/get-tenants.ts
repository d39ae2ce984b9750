import { useQuery } from '@tanstack/react-query';
import { TENANTS_ROUTES } from '@portal/contract/routes/tenants';
import { callApi } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { tenantKeys } from './tenant-keys.ts';

/**
 * The tenant list is loaded once and then kept by the mutations (created appended, updated
 * replaced, deleted removed: SPEC §4), so it never goes stale on its own.
 */
export const tenantsQueryOptions = () =>
  apiQueryOptions(tenantKeys.list(), (signal) => callApi(TENANTS_ROUTES.list, { signal }), {
    staleTime: Infinity,
  });

export const useTenants = () => useQuery(tenantsQueryOptions());
