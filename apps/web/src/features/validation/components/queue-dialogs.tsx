import type { Facets, RecordListItem } from '@portal/contract/records';
import { activeReasonOptions, useReasonCodes } from '../../../lib/reason-codes.ts';
import type { QueueDecisions } from '../hooks/use-queue-decisions.ts';
import { EditRecordDialog } from './edit-record-dialog.tsx';
import { RecordHistoryDialog } from './record-history-dialog.tsx';
import { RejectRecordDialog } from './reject-record-dialog.tsx';
import { ResolveMismatchDialog } from './resolve-mismatch-dialog.tsx';

export interface QueueDialogsProps {
  decisions: QueueDecisions;
  facets: Facets | undefined;
}

/** The reject dialog with the tenant's reason codes, read when it opens. */
function QueueRejectDialog({ decisions, record }: { decisions: QueueDecisions; record: RecordListItem }) {
  const codes = useReasonCodes();
  return (
    <RejectRecordDialog
      fullName={record.fullName}
      reasons={activeReasonOptions(codes.data)}
      busy={decisions.rejecting}
      errors={decisions.rejectErrors}
      onReject={(rejection) => decisions.rejectWith(record, rejection)}
      onCancel={decisions.close}
    />
  );
}

/** The dialog a row action opened, mounted per record so each starts from that record. */
export function QueueDialogs({ decisions, facets }: QueueDialogsProps) {
  const { dialog } = decisions;
  if (!dialog) return null;
  const { record } = dialog;
  switch (dialog.kind) {
    case 'edit':
      return (
        <EditRecordDialog
          key={record.id}
          record={record}
          ministries={(facets?.ministries ?? []).map((m) => m.name)}
          departments={(facets?.departments ?? []).map((d) => d.name)}
          onClose={decisions.close}
        />
      );
    case 'reject':
      return <QueueRejectDialog key={record.id} decisions={decisions} record={record} />;
    case 'resolve':
      return (
        <ResolveMismatchDialog
          key={record.id}
          record={record}
          busy={decisions.resolving}
          onClose={(result, salaryGradeId) => {
            if (result === 'accept') decisions.acceptSot(record, salaryGradeId);
            else if (result === 'edit') decisions.editInstead(record);
            else decisions.close();
          }}
        />
      );
    case 'history':
      return (
        <RecordHistoryDialog
          key={record.id}
          recordId={record.id}
          fullName={record.fullName}
          onClose={decisions.close}
        />
      );
  }
}
