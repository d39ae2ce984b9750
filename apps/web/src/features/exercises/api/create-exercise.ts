import type { Campaign, CampaignCreate } from '@portal/contract/campaigns';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import { exercisesKeys } from './exercises-keys.ts';

export function createExercise(body: CampaignCreate): Promise<Campaign> {
  return callApi(CAMPAIGNS_ROUTES.create, { body });
}

/** Creates an exercise; the list is read again before the form closes. */
export const useCreateExercise = () =>
  useCacheMutation(createExercise, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: exercisesKeys.list() }),
  );
