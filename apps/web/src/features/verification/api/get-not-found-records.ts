import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordsPage } from '@portal/contract/records';
import { VERIFICATION_ROUTES } from '@portal/contract/routes/verification';
import { callApi } from '../../../lib/api-client.ts';
import { verificationKeys } from './verification-keys.ts';

export interface NotFoundPageQuery {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
  /** A search by name, PSN or Work ID; '' for none. */
  q: string;
}

export function getNotFoundRecords({ page, pageSize, q }: NotFoundPageQuery, signal?: AbortSignal) {
  return callApi(VERIFICATION_ROUTES.notFound, { query: { page, pageSize, q }, signal });
}

export function notFoundRecordsQueryOptions(query: NotFoundPageQuery) {
  return queryOptions<RecordsPage>({
    queryKey: verificationKeys.notFoundPage(query.page, query.pageSize, query.q),
    queryFn: ({ signal }) => getNotFoundRecords(query, signal),
  });
}

/** One server page of the potential ghosts; the previous page stays on screen while the next loads. */
export function useNotFoundRecords(query: NotFoundPageQuery) {
  return useQuery({ ...notFoundRecordsQueryOptions(query), placeholderData: keepPreviousData });
}
