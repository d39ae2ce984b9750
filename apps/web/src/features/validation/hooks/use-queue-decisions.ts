import { useState } from 'react';
import type { RecordListItem } from '@portal/contract/records';
import { fieldErrorsOf } from '../../../lib/error-message.ts';
import type { Rejection } from '../components/reject-record-dialog.tsx';
import { useApproveRecord, useRejectRecord, useResolveMismatch } from '../api/record-decisions.ts';
import type { RowAction } from '../queue-variant.ts';
import { VALIDATION_TEXTS } from '../validation-texts.ts';
import { refusalMessage, useQueueToasts } from './use-queue-toasts.ts';

const toasts = VALIDATION_TEXTS.toasts;

/** The dialog a row action opened, with the record as the queue showed it. */
export type OpenDialog = { kind: 'edit' | 'reject' | 'resolve' | 'history'; record: RecordListItem } | null;

/**
 * The queue's decisions: Approve goes straight to the server; the other actions open their
 * dialog. A refused decision (409: someone else acted first) shows the server's reason; the
 * queues reload either way (see record-decisions.ts).
 */
export function useQueueDecisions() {
  const toast = useQueueToasts();
  const approve = useApproveRecord();
  const reject = useRejectRecord();
  const resolve = useResolveMismatch();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The fields a refused rejection names (an unknown or retired reason code, a missing note).
  const [rejectErrors, setRejectErrors] = useState<Record<string, string>>({});
  const close = () => {
    setDialog(null);
    setRejectErrors({});
  };

  const act = (action: RowAction, record: RecordListItem) => {
    if (action !== 'approve') {
      setDialog({ kind: action, record });
      return;
    }
    approve.mutate(record, {
      onSuccess: () => toast.success(toasts.approved),
      onError: (error) => toast.failure(error, toasts.approveFailed),
    });
  };

  const rejectWith = (record: RecordListItem, { reasonCode, reason }: Rejection) =>
    reject.mutate(
      { id: record.id, version: record.version, reasonCode, reason },
      {
        onSuccess: (saved) => {
          // With a second approver the record waits for them instead of leaving the payroll.
          toast.success(
            saved.status === 'PENDING_SECOND_APPROVAL' ? toasts.rejectionRequested : toasts.rejected,
          );
          close();
        },
        onError: (error) => {
          setRejectErrors(fieldErrorsOf(error));
          toast.failure(error, toasts.rejectFailed);
          // A stale record cannot be rejected from this dialog any more; a glitch can be retried.
          if (refusalMessage(error)) close();
        },
      },
    );

  const acceptSot = (record: RecordListItem, salaryGradeId?: string) =>
    resolve.mutate(
      { id: record.id, version: record.version, salaryGradeId },
      {
        onSuccess: () => {
          toast.success(toasts.resolved);
          close();
        },
        onError: (error) => {
          toast.failure(error, toasts.resolveFailed);
          if (refusalMessage(error)) close();
        },
      },
    );

  const busyId = [approve, reject, resolve].find((m) => m.isPending)?.variables?.id;

  return {
    dialog,
    act,
    close,
    /** 'Edit Manually' in the resolve dialog. */
    editInstead: (record: RecordListItem) => setDialog({ kind: 'edit', record }),
    rejectWith,
    acceptSot,
    busyId,
    rejecting: reject.isPending,
    rejectErrors,
    resolving: resolve.isPending,
  };
}

export type QueueDecisions = ReturnType<typeof useQueueDecisions>;
