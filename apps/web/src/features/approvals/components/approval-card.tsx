import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import type { Approval } from '@portal/contract/decisions';
import { BusyButton } from '../../../components/busy-button.tsx';
import { formatMediumDateTime } from '../../../lib/format.ts';
import { APPROVALS_TEXTS as texts } from '../approvals-texts.ts';
import { ApprovalDetails } from './approval-details.tsx';
import { ExportChanges } from './export-changes.tsx';

export type ApprovalCardAction = 'approve' | 'decline' | 'withdraw';

export interface ApprovalCardProps {
  approval: Approval;
  /** The action on its way for this approval, if any: its button spins, the others wait. */
  busy: ApprovalCardAction | null;
  onAction: (action: ApprovalCardAction) => void;
  /** A reviewer follows their own actions: they never approve, so no Approve is shown. */
  makerOnly?: boolean;
}

/**
 * One action awaiting a second approver: what, who, when, what the approver needs to see, and
 * Approve / Decline, or, on one's own action, Withdraw with the reason Approve is disabled.
 */
export function ApprovalCard({ approval, busy, onAction, makerOnly = false }: ApprovalCardProps) {
  const titleId = useId();
  const ownId = useId();
  const kind = texts.kinds[approval.kind];
  const waiting = busy !== null;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      data-kind={approval.kind}
      sx={{ p: 2.5, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip size="small" label={kind} color={approval.kind === 'EXPORT' ? 'primary' : 'default'} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {approval.mine ? texts.you : texts.by(approval.makerEmail)}
          {' · '}
          {formatMediumDateTime(approval.createdAt)}
        </Typography>
      </Box>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {approval.summary}
      </Typography>
      <ApprovalDetails approval={approval} />
      {approval.kind === 'EXPORT' && approval.export && (
        <ExportChanges
          approvalId={approval.id}
          added={approval.export.added}
          removed={approval.export.removed}
        />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
        {!makerOnly && (
          <BusyButton
            color="success"
            startIcon={<CheckCircleOutline />}
            disabled={approval.mine || waiting}
            busy={busy === 'approve'}
            label={texts.approve}
            busyLabel={texts.approving}
            onClick={() => onAction('approve')}
            aria-describedby={approval.mine ? ownId : undefined}
          />
        )}
        {approval.mine ? (
          // An upload's move out of the payroll is never withdrawn by its uploader (issue #30).
          approval.kind !== 'REVALIDATION' && (
            <BusyButton
              variant="outlined"
              startIcon={<UndoOutlined />}
              disabled={waiting}
              busy={busy === 'withdraw'}
              label={texts.withdraw}
              busyLabel={texts.withdrawing}
              onClick={() => onAction('withdraw')}
            />
          )
        ) : (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DoNotDisturbOnOutlined />}
            disabled={waiting}
            onClick={() => onAction('decline')}
          >
            {texts.decline}
          </Button>
        )}
        {approval.mine && !makerOnly && (
          <Typography id={ownId} variant="body2" sx={{ color: 'text.secondary' }}>
            {texts.ownAction(kind)}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
