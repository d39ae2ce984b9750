import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TenantSchema, type Tenant, type TenantUpdate } from '@portal/contract/tenants';
import { apiRequest } from '../../../lib/api-client.ts';
import { tenantKeys, tenantPath } from './tenant-keys.ts';

export interface UpdateTenantInput {
  id: string;
  tenant: TenantUpdate;
}

export function updateTenant({ id, tenant }: UpdateTenantInput): Promise<Tenant> {
  return apiRequest(tenantPath(id), { method: 'PUT', body: tenant, schema: TenantSchema });
}

/** Replaces the updated tenant in the cached list (SPEC §4). */
export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenant,
    onSuccess: (updated) => {
      queryClient.setQueryData<Tenant[]>(tenantKeys.list(), (list) =>
        list?.map((tenant) => (tenant.id === updated.id ? updated : tenant)),
      );
    },
  });
}
