import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INTEGRITY_RULES,
  INTEGRITY_RULE_DESCRIPTIONS,
  INTEGRITY_RULE_LABELS,
  type IntegrityRule,
} from '@portal/contract/integrity';
import { TenantSettingsUpdateSchema, type TenantSettings } from '@portal/contract/settings';
import { BusyButton } from '../../../components/busy-button.tsx';
import { SETTINGS_TEXTS } from '../settings-texts.ts';
import { SettingForm } from './setting-form.tsx';

const texts = SETTINGS_TEXTS.integrity;
type Integrity = TenantSettings['integrity'];
type Threshold = 'retirementAge' | 'serviceLimitYears';
const THRESHOLDS: readonly Threshold[] = ['retirementAge', 'serviceLimitYears'];
const thresholdSchema = TenantSettingsUpdateSchema.shape.integrity.unwrap().shape;

/** A typed threshold read by the contract's own bounds: the number, or the message why not. */
function readThreshold(field: Threshold, typed: string) {
  const parsed = thresholdSchema[field].unwrap().safeParse(typed.trim() === '' ? Number.NaN : Number(typed));
  return parsed.success ? { value: parsed.data } : { problem: parsed.error.issues[0]?.message ?? '' };
}

export interface ThresholdsFieldProps {
  value: Integrity;
  busy: boolean;
  /** The server's refusal of the last change, by field. */
  errors: Partial<Record<Threshold, string>>;
  onSave: (change: Partial<Record<Threshold, number>>) => void;
}

/**
 * The age rules' thresholds (issue #21): the retirement age and the service limit, checked with
 * the contract's bounds before they are sent. Only what changed is sent, so a second approver
 * sees one line per setting changed.
 */
export function ThresholdsField({ value, busy, errors, onSave }: ThresholdsFieldProps) {
  const descriptionId = useId();
  const [typed, setTyped] = useState<Record<Threshold, string>>({
    retirementAge: String(value.retirementAge),
    serviceLimitYears: String(value.serviceLimitYears),
  });
  const read = Object.fromEntries(THRESHOLDS.map((f) => [f, readThreshold(f, typed[f])])) as Record<
    Threshold,
    ReturnType<typeof readThreshold>
  >;
  const valid = THRESHOLDS.every((f) => read[f].value !== undefined);
  const changed = Object.fromEntries(
    THRESHOLDS.filter((f) => read[f].value !== undefined && read[f].value !== value[f]).map((f) => [
      f,
      read[f].value!,
    ]),
  );
  return (
    <SettingForm
      description={texts.thresholds.description}
      descriptionId={descriptionId}
      onSave={() => valid && onSave(changed)}
      busy={busy}
      unchanged={!valid || Object.keys(changed).length === 0}
      saveLabel={texts.thresholds.save}
      savingLabel={texts.saving}
    >
      {THRESHOLDS.map((field) => {
        const problem = errors[field] ?? read[field].problem;
        return (
          <TextField
            key={field}
            label={texts.thresholds.labels[field]}
            value={typed[field]}
            onChange={(event) => setTyped((t) => ({ ...t, [field]: event.target.value }))}
            size="small"
            error={problem !== undefined}
            helperText={problem}
            sx={{ flex: '0 1 200px' }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': descriptionId } }}
          />
        );
      })}
    </SettingForm>
  );
}

export interface RuleSwitchesProps {
  value: Integrity['rules'];
  busy: boolean;
  onSave: (change: Partial<Record<IntegrityRule, boolean>>) => void;
}

/**
 * A switch for each integrity rule (issue #21, #35), saved together: a rule switched off raises
 * no flag, and its open flags close at the run the change starts; decided flags stay decided.
 */
export function RuleSwitches({ value, busy, onSave }: RuleSwitchesProps) {
  const descriptionId = useId();
  const [on, setOn] = useState<Integrity['rules']>(value);
  const changed = Object.fromEntries(
    INTEGRITY_RULES.filter((r) => on[r] !== value[r]).map((r) => [r, on[r]]),
  );
  return (
    <>
      <Typography id={descriptionId} variant="body2" sx={{ color: 'text.secondary', maxWidth: 720 }}>
        {texts.rules.description}
      </Typography>
      <Box
        component="form"
        noValidate
        aria-describedby={descriptionId}
        onSubmit={(event) => {
          event.preventDefault();
          onSave(changed);
        }}
        sx={{ mt: 1 }}
      >
        <Box
          component="ul"
          aria-label={texts.rules.listLabel}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, maxWidth: 720 }}
        >
          {INTEGRITY_RULES.map((rule) => (
            <Box component="li" key={rule}>
              <FormControlLabel
                sx={{ mr: 0 }}
                control={
                  <Switch
                    checked={on[rule]}
                    disabled={busy}
                    onChange={(event) => setOn((o) => ({ ...o, [rule]: event.target.checked }))}
                    slotProps={{ input: { 'aria-describedby': `${descriptionId}-${rule}` } }}
                  />
                }
                label={INTEGRITY_RULE_LABELS[rule]}
              />
              {/* Under the label: past the switch's 58 px, less the label's -11 px margin. */}
              <Typography
                id={`${descriptionId}-${rule}`}
                variant="body2"
                sx={{ color: 'text.secondary', pl: '47px', mt: -0.5 }}
              >
                {INTEGRITY_RULE_DESCRIPTIONS[rule]}
              </Typography>
            </Box>
          ))}
        </Box>
        <BusyButton
          type="submit"
          variant="outlined"
          busy={busy}
          disabled={Object.keys(changed).length === 0}
          label={texts.rules.save}
          busyLabel={texts.saving}
          sx={{ mt: 2 }}
        />
      </Box>
    </>
  );
}
