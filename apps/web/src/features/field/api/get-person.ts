import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FieldPerson } from '@portal/contract/field';
import { FIELD_ROUTES } from '@portal/contract/routes/field';
import { callApi } from '../../../lib/api-client.ts';
import { fieldKeys } from './field-keys.ts';

/** GET /agent/people/:id: one person of the agent's assignment (404 outside it). */
export function getPerson(id: string, signal?: AbortSignal): Promise<FieldPerson> {
  return callApi(FIELD_ROUTES.person, { params: { id }, signal });
}

/** A search's answer is fresh enough for the card it opens (no second call for the same person). */
const PERSON_FRESH_MS = 30_000;

/** A 404 is an answer (not in the assignment), not a failure to try again. */
export const personQueryOptions = (id: string) =>
  queryOptions({
    queryKey: fieldKeys.person(id),
    queryFn: ({ signal }) => getPerson(id, signal),
    staleTime: PERSON_FRESH_MS,
    retry: false,
  });

export const usePerson = (id: string | null) =>
  useQuery({ ...personQueryOptions(id ?? ''), enabled: id !== null });
