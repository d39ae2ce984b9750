import type { CreateTenantUser } from '@portal/contract/people';
import { PEOPLE_ROUTES } from '@portal/contract/routes/people';
import type { CreatedUser } from '@portal/contract/tenant-users';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import { userKeys } from './users-keys.ts';

/** POST /tenant-admin/users: a user of the own tenant; reviewers and agents come with their assignments. */
export function createUser(input: CreateTenantUser): Promise<CreatedUser> {
  return callApi(PEOPLE_ROUTES.createUser, { body: input });
}

/** Afterwards the user list, the reviewers, the agents and any cached "is this email free" answer are stale. */
export const useCreateUser = () =>
  useCacheMutation(createUser, (queryClient) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userKeys.users() }),
      queryClient.invalidateQueries({ queryKey: userKeys.reviewers() }),
      queryClient.invalidateQueries({ queryKey: userKeys.agents() }),
      queryClient.removeQueries({ queryKey: userKeys.emailChecks() }),
    ]),
  );
