import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ComparisonRowSchema, type ComparisonRow } from '@portal/contract/verification';
import { apiRequest } from '../../../lib/api-client.ts';
import { RECORD_PATHS, validationKeys } from './validation-keys.ts';

const ComparisonSchema = z.array(ComparisonRowSchema);

/** The record's compared fields: uploaded value, SoT value, and whether they differ. */
export function getComparison(id: string, signal?: AbortSignal): Promise<ComparisonRow[]> {
  return apiRequest(RECORD_PATHS.comparison(id), { schema: ComparisonSchema, signal });
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
