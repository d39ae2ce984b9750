import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@portal/contract/auth';
import { USERS_ROUTES } from '@portal/contract/routes/users';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';

export function getMe(signal?: AbortSignal): Promise<Me> {
  return callApi(USERS_ROUTES.me, { signal });
}

/** Keyed by the token subject so one user's profile is never shown to the next. */
export function meQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', 'me', userId],
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function useMe() {
  const session = useSession();
  return useQuery({ ...meQueryOptions(session?.claims.sub ?? ''), enabled: session !== null });
}
