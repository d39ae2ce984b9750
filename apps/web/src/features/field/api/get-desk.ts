import { useQuery } from '@tanstack/react-query';
import { FIELD_ROUTES } from '@portal/contract/routes/field';
import { callApi } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { fieldKeys } from './field-keys.ts';

/** Counts move as the team works: asked again when the agent comes back to the screen. */
const DESK_FRESH_MS = 30_000;

/** GET /agent/exercises: the exercises running today over the agent's assignment. */
export const deskQueryOptions = () =>
  apiQueryOptions(fieldKeys.desk(), (signal) => callApi(FIELD_ROUTES.desk, { signal }), {
    staleTime: DESK_FRESH_MS,
  });

export const useAgentDesk = () => useQuery(deskQueryOptions());
