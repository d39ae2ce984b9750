import { useQuery } from '@tanstack/react-query';
import type { Schedule } from '@portal/contract/campaigns';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { callApi } from '../../../lib/api-client.ts';
import { exercisesKeys } from './exercises-keys.ts';

export function getSchedule(id: string, signal?: AbortSignal): Promise<Schedule> {
  return callApi(CAMPAIGNS_ROUTES.schedule, { params: { id }, signal });
}

/** The exercise's schedule: which ministries and departments appear at which site on which day. */
export const useSchedule = (id: string) =>
  useQuery({
    queryKey: exercisesKeys.detail(id, 'schedule'),
    queryFn: ({ signal }) => getSchedule(id, signal),
  });
