import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';

export interface SelectOption {
  value: string;
  label: string;
}

export interface MultiSelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Shown instead of the labels when more than one value is chosen, e.g. n => `${n} selected`. */
  manyLabel: (count: number) => string;
  disabled?: boolean;
  minWidth?: number;
}

/** An outlined multi-select with a checkbox mark per option; shows one label, or a count of several. */
export function MultiSelectField({
  label,
  options,
  value,
  onChange,
  manyLabel,
  disabled = false,
  minWidth = 200,
}: MultiSelectFieldProps) {
  const labelOf = (v: string) => options.find((option) => option.value === v)?.label ?? v;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      sx={{ minWidth, flex: `1 1 ${minWidth}px` }}
      onChange={(event) => {
        const next = event.target.value as unknown;
        onChange(typeof next === 'string' ? next.split(',') : (next as string[]));
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => {
            const values = selected as string[];
            return values.length === 1 ? labelOf(values[0] ?? '') : manyLabel(values.length);
          },
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      {checkMenuItems(options, value)}
    </TextField>
  );
}

/** A multi-select's options, each with a checkbox mark (a select takes them as direct children). */
export function checkMenuItems(options: readonly SelectOption[], chosen: readonly string[]) {
  return options.map((option) => (
    <MenuItem key={option.value} value={option.value} dense>
      {/* A picture of a checkbox: the option's aria-selected already says it is chosen. */}
      <ListItemIcon aria-hidden="true" sx={{ color: 'primary.main' }}>
        {chosen.includes(option.value) ? (
          <CheckBox fontSize="small" />
        ) : (
          <CheckBoxOutlineBlank fontSize="small" />
        )}
      </ListItemIcon>
      <ListItemText primary={option.label} />
    </MenuItem>
  ));
}
