import { useReverifyMutation } from '../../../lib/reverify-record.ts';
import { myRecordKey } from './get-my-record.ts';

/** The employee's own re-verification: afterwards their record has its new status, reload it. */
export const useReverifyRecord = (userId: string) => useReverifyMutation(myRecordKey(userId));
