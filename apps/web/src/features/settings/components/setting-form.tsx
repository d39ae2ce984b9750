import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BusyButton } from '../../../components/busy-button.tsx';

export interface SettingFormProps {
  /** What the setting does, above the field; the field names it by `descriptionId`. */
  description: string;
  descriptionId: string;
  /** Sends the value; the form's own submit is prevented. */
  onSave: () => void;
  busy: boolean;
  /** Nothing to save: the value is the one in force, or not valid. */
  unchanged: boolean;
  saveLabel: string;
  savingLabel: string;
  /** The field. */
  children: ReactNode;
}

/** One setting of the Settings tab saved on its own: its description, its field and a Save button. */
export function SettingForm({
  description,
  descriptionId,
  onSave,
  busy,
  unchanged,
  saveLabel,
  savingLabel,
  children,
}: SettingFormProps) {
  return (
    <>
      <Typography id={descriptionId} variant="body2" sx={{ color: 'text.secondary', maxWidth: 720 }}>
        {description}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mt: 2 }}
      >
        {children}
        <BusyButton
          type="submit"
          variant="outlined"
          busy={busy}
          disabled={unchanged}
          label={saveLabel}
          busyLabel={savingLabel}
        />
      </Box>
    </>
  );
}
