import { useQuery } from '@tanstack/react-query';
import type { CampaignProgress, CampaignState } from '@portal/contract/campaigns';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { callApi } from '../../../lib/api-client.ts';
import { exercisesKeys } from './exercises-keys.ts';

/** While people can still appear, the progress is read again this often (issue #33: live). */
export const PROGRESS_POLL_MS = 30_000;

/** Whether appearances still arrive: the window or its grace is running. */
export const isLive = (state: CampaignState | undefined) => state === 'OPEN' || state === 'IN_GRACE';

export function getProgress(id: string, signal?: AbortSignal): Promise<CampaignProgress> {
  return callApi(CAMPAIGNS_ROUTES.progress, { params: { id }, signal });
}

/** The exercise's progress, refreshed every 30 s while it is open or in grace. */
export const useProgress = (id: string) =>
  useQuery({
    queryKey: exercisesKeys.detail(id, 'progress'),
    queryFn: ({ signal }) => getProgress(id, signal),
    refetchInterval: (query) => (isLive(query.state.data?.state) ? PROGRESS_POLL_MS : false),
  });
