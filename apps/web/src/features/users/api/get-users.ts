import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TenantUserSchema, type TenantUser } from '@portal/contract/tenant-users';
import { apiRequest } from '../../../lib/api-client.ts';
import { USERS_PATH, userKeys } from './users-keys.ts';

/** GET /tenant-admin/users: the users of the own tenant. */
export function getUsers(signal?: AbortSignal): Promise<TenantUser[]> {
  return apiRequest(USERS_PATH, { schema: z.array(TenantUserSchema), signal });
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: userKeys.users(), queryFn: ({ signal }) => getUsers(signal) });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
