import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { noShowsFileName, type NoShowsPage } from '@portal/contract/campaigns';
import { pathOf } from '@portal/contract/routes/define-route';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { callApi } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { exercisesKeys } from './exercises-keys.ts';

export function getNoShows(
  id: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<NoShowsPage> {
  return callApi(CAMPAIGNS_ROUTES.noShows, { params: { id }, query: { page, pageSize }, signal });
}

/** A page (1-based) of the no-shows; the page shown stays while the next loads. */
export const useNoShows = (id: string, page: number, pageSize: number) =>
  useQuery({
    queryKey: exercisesKeys.noShows(id, page, pageSize),
    queryFn: ({ signal }) => getNoShows(id, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

/** All the no-shows as CSV, under the server's name. */
export const downloadNoShows = (id: string, today: string) =>
  downloadFile(pathOf(CAMPAIGNS_ROUTES.noShowsCsv, { id }), noShowsFileName(id, today));
