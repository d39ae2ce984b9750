import { TENANTS_ROUTES } from '@portal/contract/routes/tenants';
import type { Tenant } from '@portal/contract/tenants';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import { tenantKeys } from './tenant-keys.ts';

export async function deleteTenant(tenant: Tenant): Promise<void> {
  await callApi(TENANTS_ROUTES.delete, { params: { id: tenant.id } });
}

/** Removes the deleted tenant from the cached list (SPEC §4) and forgets its users. */
export const useDeleteTenant = () =>
  useCacheMutation(deleteTenant, (queryClient, _result, deleted) => {
    queryClient.setQueryData<Tenant[]>(tenantKeys.list(), (list) =>
      list?.filter((tenant) => tenant.id !== deleted.id),
    );
    queryClient.removeQueries({ queryKey: tenantKeys.users(deleted.id) });
  });
