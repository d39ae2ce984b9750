import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DISMISS_REASONS as DISMISS_REASONS_OF_CONTRACT,
  type IntegrityDecision,
  type IntegrityDecisionInput,
  type IntegrityFlag,
} from '@portal/contract/integrity';
import { DialogButtons } from '../../../components/dialog-buttons.tsx';
import { ReasonFields } from '../../../components/reason-fields.tsx';
import { reasonChoiceErrors, type ReasonChoice, type ReasonOption } from '../../../lib/reason-choice.ts';
import { formatNaira } from '../../../lib/format.ts';
import { INTEGRITY_TEXTS } from '../integrity-texts.ts';
import { evidenceOthers, evidenceSummary } from '../utils/evidence-text.ts';

const texts = INTEGRITY_TEXTS.dialog;

/** A dismissal's reasons stay the contract's (they say why the flag is wrong, not why pay stops). */
const DISMISS_REASONS: readonly ReasonOption[] = DISMISS_REASONS_OF_CONTRACT.map(({ code, label }) => ({
  code,
  label,
  needsNote: code === 'OTHER',
}));

export interface DecisionDialogProps {
  flag: IntegrityFlag;
  /** The tenant's active reason codes, the reasons of a CONFIRM (empty while they load). */
  confirmReasons: readonly ReasonOption[];
  busy: boolean;
  /** Server messages per field of a refused decision. */
  errors?: Record<string, string>;
  onDecide: (decision: IntegrityDecisionInput) => void;
  onCancel: () => void;
}

/**
 * CONFIRM (the record is rejected and leaves the payroll) or DISMISS a flag, with a reason from the
 * decision's list (for CONFIRM the tenant's reason codes) and a note (required for Other and any
 * code that needs one). The evidence stays in view while deciding.
 */
export function DecisionDialog({
  flag,
  confirmReasons,
  busy,
  errors = {},
  onDecide,
  onCancel,
}: DecisionDialogProps) {
  const titleId = useId();
  const [decision, setDecision] = useState<IntegrityDecision | ''>('');
  const [choice, setChoice] = useState<ReasonChoice>({ reasonCode: '', note: '' });
  const [touched, setTouched] = useState(false);
  // CONFIRM rejects the record: its reasons are the tenant's codes (issue #22); DISMISS keeps its own.
  const reasons = decision === 'CONFIRM' ? confirmReasons : decision ? DISMISS_REASONS : [];
  const problems = reasonChoiceErrors(reasons, choice);
  const invalid = !decision || Object.keys(problems).length > 0;
  const shown = {
    reasonCode: errors.reasonCode ?? (touched && decision ? problems.reasonCode : undefined),
    note: errors.note ?? (touched || choice.reasonCode ? problems.note : undefined),
  };
  const others = evidenceOthers(flag.evidence);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid || busy) return;
    onDecide({ decision, reasonCode: choice.reasonCode, note: choice.note.trim() || null });
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
                  setChoice((current) => ({ ...current, reasonCode: '' }));
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
            <ReasonFields
              options={reasons}
              value={choice}
              onChange={setChoice}
              errors={shown}
              labels={{ reason: texts.reason, note: texts.note }}
              disabled={!decision || busy}
              loadingText={decision ? texts.reasonsLoading : undefined}
            />
          </Stack>
        </DialogContent>
        <DialogButtons
          busy={busy}
          onCancel={onCancel}
          labels={[
            texts.cancel,
            decision === 'CONFIRM' ? texts.confirm : decision === 'DISMISS' ? texts.dismiss : texts.undecided,
            texts.saving,
          ]}
          confirm={{ disabled: invalid, color: decision === 'CONFIRM' ? 'error' : 'primary' }}
        />
      </form>
    </Dialog>
  );
}
