import type { CampaignExcusal, CampaignExcuse } from '@portal/contract/campaigns';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import { approvalsQueryKey } from '../../../lib/pending-approvals.ts';
import { exercisesKeys } from './exercises-keys.ts';

export function excusePerson({ id, body }: { id: string; body: CampaignExcuse }): Promise<CampaignExcusal> {
  return callApi(CAMPAIGNS_ROUTES.excuse, { params: { id }, body });
}

/** An excusal moves the progress' counts, or awaits a second approver (the approvals badge counts it). */
export const useExcusePerson = () =>
  useCacheMutation(excusePerson, (queryClient, _excusal, { id }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: exercisesKeys.one(id) }),
      queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
    ]),
  );
