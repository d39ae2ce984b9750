import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@portal/contract/api-paths';
import { MeSchema, type Me } from '@portal/contract/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';

export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiRequest(API.me, { schema: MeSchema, signal });
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
