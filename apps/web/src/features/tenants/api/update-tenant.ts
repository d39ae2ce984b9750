import { TENANTS_ROUTES } from '@portal/contract/routes/tenants';
import type { Tenant, TenantUpdate } from '@portal/contract/tenants';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import { tenantKeys } from './tenant-keys.ts';

export interface UpdateTenantInput {
  id: string;
  tenant: TenantUpdate;
}

export function updateTenant({ id, tenant }: UpdateTenantInput): Promise<Tenant> {
  return callApi(TENANTS_ROUTES.update, { params: { id }, body: tenant });
}

/** Replaces the updated tenant in the cached list (SPEC §4). */
export const useUpdateTenant = () =>
  useCacheMutation(updateTenant, (queryClient, updated) => {
    queryClient.setQueryData<Tenant[]>(tenantKeys.list(), (list) =>
      list?.map((tenant) => (tenant.id === updated.id ? updated : tenant)),
    );
  });
