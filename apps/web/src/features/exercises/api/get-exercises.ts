import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign } from '@portal/contract/campaigns';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { callApi } from '../../../lib/api-client.ts';
import { exercisesKeys } from './exercises-keys.ts';

export function getExercises(signal?: AbortSignal): Promise<Campaign[]> {
  return callApi(CAMPAIGNS_ROUTES.list, { signal });
}

export function getExercise(id: string, signal?: AbortSignal): Promise<Campaign> {
  return callApi(CAMPAIGNS_ROUTES.get, { params: { id }, signal });
}

export const exercisesQueryOptions = () =>
  queryOptions({ queryKey: exercisesKeys.list(), queryFn: ({ signal }) => getExercises(signal) });

/** The tenant's exercises, newest first, each with its state today. */
export const useExercises = () => useQuery(exercisesQueryOptions());

/** One exercise with its extensions. */
export const useExercise = (id: string) =>
  useQuery({
    queryKey: exercisesKeys.detail(id, 'campaign'),
    queryFn: ({ signal }) => getExercise(id, signal),
  });
