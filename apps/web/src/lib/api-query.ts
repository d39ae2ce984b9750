import {
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

/** How long an answer stays fresh, and whether a failed call is tried again. */
export interface Freshness {
  staleTime?: number;
  retry?: boolean;
}

/**
 * For an answer that may change between two looks (is this email, this subdomain free?): asked
 * again every time, and a failure is reported at once rather than retried.
 */
export const ASK_EVERY_TIME = { staleTime: 0, retry: false } as const satisfies Freshness;

/**
 * The query options of an API call that takes nothing but the abort signal (a list of the own
 * tenant, a lookup): its key, the call, and how fresh the screen needs it.
 */
export function apiQueryOptions<T, const K extends QueryKey>(
  queryKey: K,
  call: (signal: AbortSignal) => Promise<T>,
  freshness: Freshness = {},
) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => call(signal), ...freshness });
}

/**
 * A mutation that brings the cached queries it changed up to date once it succeeded: `updateCache`
 * gets the query client, the answer and the input; while the promise it may return is pending, so
 * is the mutation (an invalidated list has reloaded when the form closes).
 */
export function useCacheMutation<TData, TInput>(
  mutationFn: (input: TInput) => Promise<TData>,
  updateCache: (queryClient: QueryClient, data: TData, input: TInput) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (data, input) => updateCache(queryClient, data, input) });
}
