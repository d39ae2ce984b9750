import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { CreateTenantUser } from '@portal/contract/people';
import { apiRequest } from '../../../lib/api-client.ts';
import { USERS_PATH, userKeys } from './users-keys.ts';

const CreatedUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.string(),
  tenantId: z.string().nullable(),
});
export type CreatedUser = z.infer<typeof CreatedUserSchema>;

/** POST /tenant-admin/users: a user of the own tenant; reviewers come with their assignments. */
export function createUser(input: CreateTenantUser): Promise<CreatedUser> {
  return apiRequest(USERS_PATH, { method: 'POST', body: input, schema: CreatedUserSchema });
}

/** Afterwards the user list, the reviewers and any cached "is this email free" answer are stale. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.users() }),
        queryClient.invalidateQueries({ queryKey: userKeys.reviewers() }),
        queryClient.removeQueries({ queryKey: userKeys.emailChecks() }),
      ]),
  });
}
