import type { Schedule, ScheduleInput } from '@portal/contract/campaigns';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import { exercisesKeys } from './exercises-keys.ts';

export function replaceSchedule({ id, body }: { id: string; body: ScheduleInput }): Promise<Schedule> {
  return callApi(CAMPAIGNS_ROUTES.replaceSchedule, { params: { id }, body });
}

/** The answer is the whole new schedule, with its postings named: it replaces the cached one. */
export const useReplaceSchedule = () =>
  useCacheMutation(replaceSchedule, (queryClient, schedule, { id }) =>
    queryClient.setQueryData(exercisesKeys.detail(id, 'schedule'), schedule),
  );
