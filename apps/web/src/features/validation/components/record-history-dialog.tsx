import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@portal/contract/validation';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useRecordHistory } from '../api/get-record-history.ts';
import { formatMediumDateTime } from '../../../lib/format.ts';
import { changedFields, entryHeading, fieldLabel, fieldValue } from '../utils/field-label.ts';
import { VALIDATION_TEXTS } from '../validation-texts.ts';
import { dialogPaper } from './record-dialog-paper.ts';

const texts = VALIDATION_TEXTS.history;

function Changes({ entry }: { entry: AuditEntry }) {
  const fields = changedFields(entry);
  if (fields.length === 0) return null;
  return (
    <Box component="ul" aria-label={texts.changes} sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
      {fields.map((field) => (
        <Typography key={field} component="li" variant="body2" sx={{ color: 'text.secondary' }}>
          {fieldLabel(field)}: {fieldValue(field, entry.before?.[field])} →{' '}
          {fieldValue(field, entry.after?.[field])}
        </Typography>
      ))}
    </Box>
  );
}

export interface RecordHistoryDialogProps {
  recordId: string;
  fullName: string;
  onClose: () => void;
}

/** The record's audit trail, newest first: what happened, who did it, when, and why. */
export function RecordHistoryDialog({ recordId, fullName, onClose }: RecordHistoryDialogProps) {
  const titleId = useId();
  const history = useRecordHistory(recordId);
  const entries = history.data?.items ?? [];

  let content;
  if (history.isPending) content = <LoadingState message={texts.loading} />;
  else if (history.isError) content = <Alert severity="error">{texts.loadFailed}</Alert>;
  else if (entries.length === 0) content = <Typography sx={{ py: 2 }}>{texts.empty}</Typography>;
  else
    content = (
      <Box component="ol" aria-label={texts.listLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {entries.map((entry) => (
          <Box
            component="li"
            key={entry.id}
            data-testid="history-entry"
            sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {entryHeading(entry)}
              </Typography>
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {texts.by(entry.actorEmail ?? texts.system)} ·{' '}
                <time dateTime={entry.at}>{formatMediumDateTime(entry.at)}</time>
              </Typography>
            </Box>
            {entry.note && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {entry.note}
              </Typography>
            )}
            <Changes entry={entry} />
          </Box>
        ))}
      </Box>
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} slotProps={dialogPaper(600)}>
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        {texts.title}
      </DialogTitle>
      <Typography sx={{ px: 3, color: 'text.secondary' }}>{fullName}</Typography>
      <DialogContent>{content}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} variant="contained">
          {texts.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
