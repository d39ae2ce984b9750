import type { Campaign, CampaignExtend } from '@portal/contract/campaigns';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import { exercisesKeys } from './exercises-keys.ts';

export function extendExercise({ id, body }: { id: string; body: CampaignExtend }): Promise<Campaign> {
  return callApi(CAMPAIGNS_ROUTES.extend, { params: { id }, body });
}

/** A later closing day changes the state, the days left and the list: all of them are read again. */
export const useExtendExercise = () =>
  useCacheMutation(extendExercise, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: exercisesKeys.all }),
  );
