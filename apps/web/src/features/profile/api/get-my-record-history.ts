import { useQuery } from '@tanstack/react-query';
import type { RecordHistory } from '@portal/contract/claims';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { callApi } from '../../../lib/api-client.ts';
import { myRecordKey } from './get-my-record.ts';

/** Under the record's key: whatever refreshes the record (a re-verification) refreshes its history. */
export const myRecordHistoryKey = (userId: string) => [...myRecordKey(userId), 'history'] as const;

/** GET /users/me/record/history: the decisions taken on the employee's own record (issue #22). */
export function useMyRecordHistory(userId: string) {
  return useQuery({
    queryKey: myRecordHistoryKey(userId),
    queryFn: ({ signal }): Promise<RecordHistory> => callApi(CLAIMS_ROUTES.myRecordHistory, { signal }),
    retry: false,
  });
}
