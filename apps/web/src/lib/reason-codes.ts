import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReasonCodes } from '@portal/contract/decisions';
import { REASON_CODES_ROUTES } from '@portal/contract/routes/decisions';
import { callApi } from './api-client.ts';
import type { ReasonOption } from './reason-choice.ts';

/**
 * The tenant's reason codes (issue #22), shared by the reject dialogs (validation), the integrity
 * decision dialog and the tenant admin's settings (features do not import each other).
 */
export const reasonCodesQueryKey = ['reason-codes'] as const;

export function getReasonCodes(signal?: AbortSignal): Promise<ReasonCodes> {
  return callApi(REASON_CODES_ROUTES.list, { signal });
}

export function reasonCodesQueryOptions() {
  return queryOptions({ queryKey: reasonCodesQueryKey, queryFn: ({ signal }) => getReasonCodes(signal) });
}

/** The list with its counts; read afresh when a screen or dialog that needs it opens. */
export function useReasonCodes() {
  return useQuery({ ...reasonCodesQueryOptions(), refetchOnMount: 'always' });
}

/** The codes a decision may name: the active ones, in the tenant's order. */
export function activeReasonOptions(codes: ReasonCodes | undefined): ReasonOption[] {
  return (codes?.items ?? [])
    .filter((c) => c.active)
    .map(({ code, label, needsNote }) => ({ code, label, needsNote }));
}
