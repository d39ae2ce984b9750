import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { callApi } from '../../../lib/api-client.ts';
import { appealsKeys } from './appeals-keys.ts';

/** The statuses an appeal is lodged about (the server's record-state APPEALABLE). */
const APPEALABLE = ['REJECTED', 'SUSPENDED'];

/** GET /records?q=…&status=REJECTED&status=SUSPENDED: the records a letter can be about. */
export const useAppealableRecords = (q: string) =>
  useQuery({
    queryKey: [...appealsKeys.all, 'appealable', q],
    queryFn: ({ signal }) =>
      callApi(RECORDS_ROUTES.list, { query: { q, status: APPEALABLE, page: 1, pageSize: 10 }, signal }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
