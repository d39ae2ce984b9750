import { TENANTS_ROUTES } from '@portal/contract/routes/tenants';
import type { CreatedUser, RegisterUser } from '@portal/contract/tenant-users';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import { tenantKeys } from './tenant-keys.ts';

/** POST /api/v1/auth/register: a user of a tenant, created by the global admin. */
export function registerTenantUser(input: RegisterUser): Promise<CreatedUser> {
  return callApi(TENANTS_ROUTES.registerUser, { body: input });
}

/** Reloads the tenant's user list after a user is created (SPEC §2). */
export const useRegisterTenantUser = () =>
  useCacheMutation(registerTenantUser, (queryClient, _created, input) =>
    queryClient.invalidateQueries({ queryKey: tenantKeys.users(input.tenantId) }),
  );
