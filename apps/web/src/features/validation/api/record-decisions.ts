import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MasterRecord } from '@portal/contract/records';
import { VALIDATION_ROUTES } from '@portal/contract/routes/validation';
import type { BulkApproveResult, RecordEdit } from '@portal/contract/validation';
import { callApi } from '../../../lib/api-client.ts';
import { approvalsQueryKey } from '../../../lib/pending-approvals.ts';
import { validationKeys } from './validation-keys.ts';

/**
 * Every decision carries the version of the record the queue showed: the server answers 409
 * when someone else acted first, instead of overwriting their decision.
 */
export interface RecordRef {
  id: string;
  version: number;
}

export function approveRecord({ id, version }: RecordRef): Promise<MasterRecord> {
  return callApi(VALIDATION_ROUTES.decide, {
    params: { id },
    body: { decision: 'APPROVE', comments: '', version },
  });
}

/** 'Approve selected': each record approved as if alone; the answer says which were refused and why. */
export function approveRecords(records: RecordRef[]): Promise<BulkApproveResult> {
  return callApi(VALIDATION_ROUTES.approveMany, {
    body: { records: records.map(({ id, version }) => ({ id, version })) },
  });
}

/** A rejection names one of the tenant's reason codes (issue #22) beside the reviewer's comments. */
export function rejectRecord({
  id,
  version,
  reasonCode,
  reason,
}: RecordRef & { reasonCode: string; reason: string }): Promise<MasterRecord> {
  return callApi(VALIDATION_ROUTES.decide, {
    params: { id },
    body: { decision: 'REJECT', comments: reason, reasonCode, version },
  });
}

export function resolveMismatch({
  id,
  version,
  salaryGradeId,
}: RecordRef & { salaryGradeId?: string }): Promise<MasterRecord> {
  return callApi(VALIDATION_ROUTES.resolve, { params: { id }, body: { version, salaryGradeId } });
}

export function editRecord({ id, edit }: { id: string; edit: RecordEdit }): Promise<MasterRecord> {
  return callApi(VALIDATION_ROUTES.edit, { params: { id }, body: edit });
}

/**
 * Settled — done or refused (a 409 means the queue was out of date) — a decision reloads both
 * queues, their counts and everything else under ['records'].
 */
function useDecision<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: validationKeys.all }),
        // A rejection may await a second approver (issue #22): the tab's badge counts it at once.
        queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
      ]),
  });
}

export const useApproveRecord = () => useDecision(approveRecord);
export const useApproveRecords = () => useDecision(approveRecords);
export const useRejectRecord = () => useDecision(rejectRecord);
export const useResolveMismatch = () => useDecision(resolveMismatch);
export const useEditRecord = () => useDecision(editRecord);
