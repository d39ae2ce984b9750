import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MasterRecordSchema, type MasterRecord } from '@portal/contract/records';
import {
  BulkApproveResultSchema,
  type BulkApproveResult,
  type RecordEdit,
} from '@portal/contract/validation';
import { apiRequest } from '../../../lib/api-client.ts';
import { RECORD_PATHS, validationKeys } from './validation-keys.ts';

/**
 * Every decision carries the version of the record the queue showed: the server answers 409
 * when someone else acted first, instead of overwriting their decision.
 */
export interface RecordRef {
  id: string;
  version: number;
}

export function approveRecord({ id, version }: RecordRef): Promise<MasterRecord> {
  return apiRequest(RECORD_PATHS.validate(id), {
    method: 'POST',
    body: { decision: 'APPROVE', comments: '', version },
    schema: MasterRecordSchema,
  });
}

/** 'Approve selected': each record approved as if alone; the answer says which were refused and why. */
export function approveRecords(records: RecordRef[]): Promise<BulkApproveResult> {
  return apiRequest(RECORD_PATHS.bulkApprove, {
    method: 'POST',
    body: { records: records.map(({ id, version }) => ({ id, version })) },
    schema: BulkApproveResultSchema,
  });
}

export function rejectRecord({ id, version, reason }: RecordRef & { reason: string }): Promise<MasterRecord> {
  return apiRequest(RECORD_PATHS.validate(id), {
    method: 'POST',
    body: { decision: 'REJECT', comments: reason, version },
    schema: MasterRecordSchema,
  });
}

export function resolveMismatch({
  id,
  version,
  salaryGradeId,
}: RecordRef & { salaryGradeId?: string }): Promise<MasterRecord> {
  return apiRequest(RECORD_PATHS.resolve(id), {
    method: 'POST',
    body: { version, salaryGradeId },
    schema: MasterRecordSchema,
  });
}

export function editRecord({ id, edit }: { id: string; edit: RecordEdit }): Promise<MasterRecord> {
  return apiRequest(RECORD_PATHS.edit(id), { method: 'PUT', body: edit, schema: MasterRecordSchema });
}

/**
 * Settled — done or refused (a 409 means the queue was out of date) — a decision reloads both
 * queues, their counts and everything else under ['records'].
 */
function useDecision<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: validationKeys.all }),
  });
}

export const useApproveRecord = () => useDecision(approveRecord);
export const useApproveRecords = () => useDecision(approveRecords);
export const useRejectRecord = () => useDecision(rejectRecord);
export const useResolveMismatch = () => useDecision(resolveMismatch);
export const useEditRecord = () => useDecision(editRecord);
