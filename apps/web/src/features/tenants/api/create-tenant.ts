import { TENANTS_ROUTES } from '@portal/contract/routes/tenants';
import type { Tenant, TenantCreate } from '@portal/contract/tenants';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import { tenantKeys } from './tenant-keys.ts';

export function createTenant(input: TenantCreate): Promise<Tenant> {
  return callApi(TENANTS_ROUTES.create, { body: input });
}

/** Appends the created tenant to the cached list (SPEC §4). */
export const useCreateTenant = () =>
  useCacheMutation(createTenant, (queryClient, created) => {
    queryClient.setQueryData<Tenant[]>(tenantKeys.list(), (list) => (list ? [...list, created] : list));
  });
