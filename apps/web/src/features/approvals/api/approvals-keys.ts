import type { ApprovalsQuery } from '@portal/contract/decisions';
import { approvalsQueryKey } from '../../../lib/pending-approvals.ts';

/** Query keys of the approvals list, below the key the badge shares (lib/pending-approvals.ts). */
export const approvalsKeys = {
  all: approvalsQueryKey,
  page: (query: ApprovalsQuery) => [...approvalsQueryKey, 'page', query] as const,
};
