import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tenant } from '@portal/contract/tenants';
import { apiRequest } from '../../../lib/api-client.ts';
import { tenantKeys, tenantPath } from './tenant-keys.ts';

export function deleteTenant(tenant: Tenant): Promise<void> {
  return apiRequest(tenantPath(tenant.id), { method: 'DELETE' });
}

/** Removes the deleted tenant from the cached list (SPEC §4) and forgets its users. */
export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTenant,
    onSuccess: (_result, deleted) => {
      queryClient.setQueryData<Tenant[]>(tenantKeys.list(), (list) =>
        list?.filter((tenant) => tenant.id !== deleted.id),
      );
      queryClient.removeQueries({ queryKey: tenantKeys.users(deleted.id) });
    },
  });
}
