import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TenantSettingsUpdateSchema } from '@portal/contract/settings';
import { BusyButton } from '../../../components/busy-button.tsx';
import { SETTINGS_TEXTS } from '../settings-texts.ts';

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
    <>
      <Typography id={descriptionId} variant="body2" sx={{ color: 'text.secondary', maxWidth: 720 }}>
        {texts.description}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed.success) onSave(parsed.data);
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mt: 2 }}
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
        <BusyButton
          type="submit"
          variant="outlined"
          busy={busy}
          disabled={!parsed.success || parsed.data === value}
          label={texts.save}
          busyLabel={texts.saving}
        />
      </Box>
    </>
  );
}
