import { useState } from 'react';
import type { RecordListItem } from '@portal/contract/records';
import { useConfirm } from '../../../components/confirm-provider.tsx';
import { useApproveRecords } from '../api/record-decisions.ts';
import type { QueueSelection } from '../components/queue-table.tsx';
import { VALIDATION_TEXTS } from '../validation-texts.ts';
import { useQueueToasts } from './use-queue-toasts.ts';

const texts = VALIDATION_TEXTS.bulk;

/**
 * 'Approve selected' in the pending queue (issue #17): rows of the page shown are selected, a
 * confirm dialog says how many, and the server approves each as if alone. The selection holds
 * the records as the queue showed them (their versions), and is cleared when the page, the
 * filters or the tab change (`reset`) and after approving.
 */
export function useBulkApprove(pageItems: readonly RecordListItem[]) {
  const confirm = useConfirm();
  const toast = useQueueToasts();
  const approve = useApproveRecords();
  const [selected, setSelected] = useState<ReadonlyMap<string, RecordListItem>>(new Map());
  // Only what is on the page shown can be approved.
  const chosen = pageItems.filter((r) => selected.has(r.id));

  const selection: QueueSelection = {
    selected: new Set(chosen.map((r) => r.id)),
    onToggle: (record) =>
      setSelected((prev) => {
        const next = new Map(prev);
        if (next.has(record.id)) next.delete(record.id);
        else next.set(record.id, record);
        return next;
      }),
    onToggleAll: () =>
      setSelected(chosen.length === pageItems.length ? new Map() : new Map(pageItems.map((r) => [r.id, r]))),
  };

  const approveSelected = async () => {
    const records = chosen;
    if (records.length === 0 || approve.isPending) return;
    const ok = await confirm({
      title: texts.confirmTitle,
      message: texts.confirmMessage(records.length),
      confirmText: texts.confirm(records.length),
      cancelText: 'Cancel',
    });
    if (!ok) return;
    approve.mutate(records, {
      onSuccess: ({ approved, refused }) => {
        setSelected(new Map());
        // One toast at a time on a screen: the refusals, when there are any, say both.
        if (refused.length === 0) toast.success(texts.approved(approved.length));
        else
          toast.error(
            [
              approved.length > 0 ? texts.approved(approved.length) : '',
              texts.refused(refused.length, refused[0]!.message),
            ]
              .filter(Boolean)
              .join(' '),
          );
      },
      onError: (error) => toast.failure(error, VALIDATION_TEXTS.toasts.approveFailed),
    });
  };

  return {
    selection,
    count: chosen.length,
    approveSelected,
    approving: approve.isPending,
    reset: () => setSelected(new Map()),
  };
}
