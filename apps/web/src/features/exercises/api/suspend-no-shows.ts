import type { NoShowSuspension } from '@portal/contract/campaigns';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import { approvalsQueryKey } from '../../../lib/pending-approvals.ts';
import { exercisesKeys } from './exercises-keys.ts';

export function suspendNoShows({ id, note }: { id: string; note: string }): Promise<NoShowSuspension> {
  return callApi(CAMPAIGNS_ROUTES.suspendNoShows, { params: { id }, body: { note: note.trim() || null } });
}

/** Suspends the no-shows, or asks a second approver; the lists, the report and the badge follow. */
export const useSuspendNoShows = () =>
  useCacheMutation(suspendNoShows, (queryClient, _suspension, { id }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: exercisesKeys.one(id) }),
      queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
    ]),
  );
