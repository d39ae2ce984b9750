import { useId, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { timeZoneChoices } from '@portal/contract/time-zone';
import { SETTINGS_TEXTS } from '../settings-texts.ts';
import { SettingForm } from './setting-form.tsx';

const texts = SETTINGS_TEXTS.timeZone;

export interface TimeZoneFieldProps {
  /** The zone in force. */
  value: string;
  busy: boolean;
  /** The server's refusal of the last change, under the field. */
  error?: string;
  onSave: (zone: string) => void;
}

/** The tenant's time zone (issue #31 item 12): an IANA zone chosen from the browser's list, then saved. */
export function TimeZoneField({ value, busy, error, onSave }: TimeZoneFieldProps) {
  const descriptionId = useId();
  const [chosen, setChosen] = useState(value);
  const options = useMemo(() => {
    const zones = timeZoneChoices();
    return zones.includes(value) ? zones : [value, ...zones];
  }, [value]);
  return (
    <SettingForm
      description={texts.description}
      descriptionId={descriptionId}
      onSave={() => onSave(chosen)}
      busy={busy}
      unchanged={chosen === value}
      saveLabel={texts.save}
      savingLabel={texts.saving}
    >
      <Autocomplete
        options={options}
        value={chosen}
        disableClearable
        autoHighlight
        aria-describedby={descriptionId}
        onChange={(_event, next) => setChosen(next)}
        sx={{ flex: '1 1 260px', maxWidth: 360 }}
        renderInput={(params) => (
          <TextField {...params} label={texts.label} size="small" error={Boolean(error)} helperText={error} />
        )}
      />
    </SettingForm>
  );
}
