import { queryOptions, useQuery } from '@tanstack/react-query';
import { PEOPLE_ROUTES } from '@portal/contract/routes/people';
import type { TenantUser } from '@portal/contract/tenant-users';
import { callApi } from '../../../lib/api-client.ts';
import { userKeys } from './users-keys.ts';

/** GET /tenant-admin/users: the users of the own tenant. */
export function getUsers(signal?: AbortSignal): Promise<TenantUser[]> {
  return callApi(PEOPLE_ROUTES.users, { signal });
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: userKeys.users(), queryFn: ({ signal }) => getUsers(signal) });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
