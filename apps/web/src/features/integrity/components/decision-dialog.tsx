import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  reasonsFor,
  type IntegrityDecision,
  type IntegrityDecisionInput,
  type IntegrityFlag,
} from '@portal/contract/integrity';
import { DialogButtons } from '../../../components/dialog-buttons.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { INTEGRITY_TEXTS } from '../integrity-texts.ts';
import { evidenceOthers, evidenceSummary } from '../utils/evidence-text.ts';

const texts = INTEGRITY_TEXTS.dialog;

export interface DecisionDialogProps {
  flag: IntegrityFlag;
  busy: boolean;
  /** Server messages per field of a refused decision. */
  errors?: Record<string, string>;
  onDecide: (decision: IntegrityDecisionInput) => void;
  onCancel: () => void;
}

/**
 * CONFIRM (the record is rejected and leaves the payroll) or DISMISS a flag, with a reason from the
 * decision's list and a note (required for Other). The evidence stays in view while deciding.
 */
export function DecisionDialog({ flag, busy, errors = {}, onDecide, onCancel }: DecisionDialogProps) {
  const titleId = useId();
  const [decision, setDecision] = useState<IntegrityDecision | ''>('');
  const [reasonCode, setReasonCode] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const reasons = decision ? reasonsFor(decision) : [];
  const noteMissing = reasonCode === 'OTHER' && !note.trim();
  const invalid = !decision || !reasonCode || noteMissing;
  const others = evidenceOthers(flag.evidence);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid || busy) return;
    onDecide({
      decision,
      reasonCode: reasonCode as IntegrityDecisionInput['reasonCode'],
      note: note.trim() || null,
    });
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 600, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{texts.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <div>
              <Typography sx={{ fontWeight: 600 }}>
                {flag.fullName}
                {flag.psn && ` (${flag.psn})`}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {[flag.ministry, flag.department].filter(Boolean).join(' · ')}
                {' · '}
                {flag.monthlyAmount === null
                  ? INTEGRITY_TEXTS.list.payUnknown
                  : `${formatNaira(flag.monthlyAmount)} ${INTEGRITY_TEXTS.cards.perMonth}`}
              </Typography>
              <Typography variant="body2" sx={{ mt: 1 }}>
                <strong>{INTEGRITY_TEXTS.rules[flag.rule]}:</strong> {evidenceSummary(flag.evidence)}
              </Typography>
              {others.length > 0 && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {others.join('; ')}
                </Typography>
              )}
            </div>
            <FormControl required error={touched && !decision}>
              <FormLabel id={`${titleId}-decision`}>{texts.decision}</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-decision`}
                value={decision}
                onChange={(event) => {
                  setDecision(event.target.value as IntegrityDecision);
                  setReasonCode('');
                }}
              >
                {(['CONFIRM', 'DISMISS'] as const).map((d) => (
                  <FormControlLabel
                    key={d}
                    value={d}
                    control={<Radio />}
                    label={texts.decisions[d]}
                    disabled={busy}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            {decision === 'CONFIRM' && (
              <Alert severity="warning">{texts.confirmWarning(flag.fullName)}</Alert>
            )}
            {decision === 'DISMISS' && <Alert severity="info">{texts.dismissNote}</Alert>}
            <TextField
              select
              name="reasonCode"
              label={texts.reason}
              value={reasonCode}
              onChange={(event) => setReasonCode(event.target.value)}
              required
              disabled={!decision || busy}
              error={Boolean((touched && decision && !reasonCode) || errors.reasonCode)}
              helperText={
                errors.reasonCode || (touched && decision && !reasonCode ? texts.reasonRequired : undefined)
              }
              fullWidth
            >
              {reasons.map((r) => (
                <MenuItem key={r.code} value={r.code}>
                  {r.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              name="note"
              label={texts.note}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              required={reasonCode === 'OTHER'}
              disabled={busy}
              error={Boolean((touched && noteMissing) || errors.note)}
              helperText={errors.note || (touched && noteMissing ? texts.noteRequired : undefined)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogButtons
          busy={busy}
          onCancel={onCancel}
          labels={[texts.cancel, decision === 'CONFIRM' ? texts.confirm : texts.dismiss, texts.saving]}
          confirm={{ disabled: invalid, color: decision === 'CONFIRM' ? 'error' : 'primary' }}
        />
      </form>
    </Dialog>
  );
}
