import { useId, useState } from 'react';
import TextField from '@mui/material/TextField';
import { TenantSettingsUpdateSchema } from '@portal/contract/settings';
import { SETTINGS_TEXTS } from '../settings-texts.ts';
import { SettingForm } from './setting-form.tsx';

const texts = SETTINGS_TEXTS.appealDeadline;
const DaysSchema = TenantSettingsUpdateSchema.shape.appealDeadlineDays.unwrap();

export interface AppealDeadlineFieldProps {
  /** The days in force. */
  value: number;
  busy: boolean;
  /** The server's refusal of the last change, under the field. */
  error?: string;
  onSave: (days: number) => void;
}

/**
 * Days from an appeal's lodging to its deadline (issue #34), checked with the contract's bounds
 * before it is sent. A new deadline applies to appeals lodged after the change.
 */
export function AppealDeadlineField({ value, busy, error, onSave }: AppealDeadlineFieldProps) {
  const descriptionId = useId();
  const [typed, setTyped] = useState(String(value));
  const parsed = DaysSchema.safeParse(typed.trim() === '' ? Number.NaN : Number(typed));
  const problem = error ?? (parsed.success ? undefined : parsed.error.issues[0]?.message);
  return (
    <SettingForm
      description={texts.description}
      descriptionId={descriptionId}
      onSave={() => parsed.success && onSave(parsed.data)}
      busy={busy}
      unchanged={!parsed.success || parsed.data === value}
      saveLabel={texts.save}
      savingLabel={texts.saving}
    >
      <TextField
        label={texts.label}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        size="small"
        error={problem !== undefined}
        helperText={problem}
        sx={{ flex: '0 1 200px' }}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': descriptionId } }}
      />
    </SettingForm>
  );
}
