import { queryOptions, useQuery } from '@tanstack/react-query';
import { VERIFICATION_ROUTES } from '@portal/contract/routes/verification';
import type { ComparisonRow } from '@portal/contract/verification';
import { callApi } from '../../../lib/api-client.ts';
import { validationKeys } from './validation-keys.ts';

/** The record's compared fields: uploaded value, SoT value, and whether they differ. */
export function getComparison(id: string, signal?: AbortSignal): Promise<ComparisonRow[]> {
  return callApi(VERIFICATION_ROUTES.comparison, { params: { id }, signal });
}

export function comparisonQueryOptions(id: string) {
  return queryOptions({
    queryKey: validationKeys.comparison(id),
    queryFn: ({ signal }) => getComparison(id, signal),
  });
}

export function useComparison(id: string) {
  return useQuery({ ...comparisonQueryOptions(id), refetchOnMount: 'always' });
}
