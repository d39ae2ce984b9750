import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { Named } from '@portal/contract/records';
import { checkMenuItems } from './multi-select-field.tsx';

export interface ChipMultiSelectProps {
  label: string;
  options: readonly Named[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Shown under the field; replaced by `emptyText` when there is nothing to choose from. */
  helperText?: string;
  emptyText: string;
  error?: string;
  name?: string;
  disabled?: boolean;
}

/** An outlined multi-select whose chosen options show as chips (assigned ministries, departments). */
export function ChipMultiSelect({
  label,
  options,
  value,
  onChange,
  helperText,
  emptyText,
  error,
  name,
  disabled = false,
}: ChipMultiSelectProps) {
  const nameOf = (id: string) => options.find((option) => option.id === id)?.name ?? id;
  // Chips in the menu's order, whatever order they were clicked in.
  const position = (id: string) => {
    const index = options.findIndex((option) => option.id === id);
    return index === -1 ? options.length : index;
  };
  const inOptionOrder = (ids: string[]) => [...ids].sort((a, b) => position(a) - position(b));
  const empty = options.length === 0 && value.length === 0;
  return (
    <TextField
      select
      fullWidth
      name={name}
      label={label}
      value={value}
      disabled={disabled || empty}
      error={error !== undefined}
      helperText={error ?? (empty ? emptyText : helperText)}
      onChange={(event) => {
        const next = event.target.value as unknown;
        onChange(typeof next === 'string' ? next.split(',').filter(Boolean) : (next as string[]));
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {inOptionOrder(selected as string[]).map((id) => (
                <Chip key={id} size="small" label={nameOf(id)} />
              ))}
            </Box>
          ),
          // Below the field, not over it: the chosen chips stay visible while choosing.
          MenuProps: {
            anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
            transformOrigin: { vertical: 'top', horizontal: 'left' },
            slotProps: { paper: { sx: { maxHeight: 360 } } },
          },
        },
      }}
    >
      {checkMenuItems(
        options.map((option) => ({ value: option.id, label: option.name })),
        value,
      )}
    </TextField>
  );
}
