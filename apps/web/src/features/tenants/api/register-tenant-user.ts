import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_BASE } from '@portal/contract/api-paths';
import type { RegisterUser } from '@portal/contract/tenant-users';
import { apiRequest } from '../../../lib/api-client.ts';
import { tenantKeys } from './tenant-keys.ts';

const RegisteredUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.string(),
  tenantId: z.string().nullable(),
});

/** POST /api/v1/auth/register: a user of a tenant, created by the global admin. */
export function registerTenantUser(input: RegisterUser) {
  return apiRequest(`${API_BASE}/auth/register`, {
    method: 'POST',
    body: input,
    schema: RegisteredUserSchema,
  });
}

/** Reloads the tenant's user list after a user is created (SPEC §2). */
export function useRegisterTenantUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerTenantUser,
    onSuccess: (_created, input) =>
      queryClient.invalidateQueries({ queryKey: tenantKeys.users(input.tenantId) }),
  });
}
