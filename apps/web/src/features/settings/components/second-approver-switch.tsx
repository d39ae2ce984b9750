import { useId } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { SETTINGS_TEXTS } from '../settings-texts.ts';

const texts = SETTINGS_TEXTS.secondApprover;

export interface SecondApproverSwitchProps {
  checked: boolean;
  busy: boolean;
  onChange: (next: boolean) => void;
}

/** 'Require a second approver' (issue #22, four-eyes), with the sentence that says what it does. */
export function SecondApproverSwitch({ checked, busy, onChange }: SecondApproverSwitchProps) {
  const descriptionId = useId();
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={busy}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': descriptionId } }}
          />
        }
        label={texts.label}
      />
      <Typography id={descriptionId} variant="body2" sx={{ color: 'text.secondary', maxWidth: 720 }}>
        {texts.description}
      </Typography>
    </>
  );
}
