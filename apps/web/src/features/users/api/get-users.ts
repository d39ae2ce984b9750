import { useQuery } from '@tanstack/react-query';
import { PEOPLE_ROUTES } from '@portal/contract/routes/people';
import { callApi } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { userKeys } from './users-keys.ts';

/** GET /tenant-admin/users: the users of the own tenant. */
export const usersQueryOptions = () =>
  apiQueryOptions(userKeys.users(), (signal) => callApi(PEOPLE_ROUTES.users, { signal }));

export const useUsers = () => useQuery(usersQueryOptions());
