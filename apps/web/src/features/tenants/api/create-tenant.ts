import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TenantSchema, type Tenant, type TenantCreate } from '@portal/contract/tenants';
import { apiRequest } from '../../../lib/api-client.ts';
import { TENANTS_PATH, tenantKeys } from './tenant-keys.ts';

export function createTenant(input: TenantCreate): Promise<Tenant> {
  return apiRequest(TENANTS_PATH, { method: 'POST', body: input, schema: TenantSchema });
}

/** Appends the created tenant to the cached list (SPEC §4). */
export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: (created) => {
      queryClient.setQueryData<Tenant[]>(tenantKeys.list(), (list) => (list ? [...list, created] : list));
    },
  });
}
