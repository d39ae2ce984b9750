import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

/**
 * The show/hide button at the end of a password or secret field. It keeps the field's focus (no
 * mouse-down blur) and tells screen readers whether the value is shown.
 */
export function VisibilityToggle({
  shown,
  onToggle,
  label,
  disabled,
}: {
  shown: boolean;
  onToggle: () => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <IconButton
      aria-label={label}
      aria-pressed={shown}
      onClick={onToggle}
      onMouseDown={(event) => event.preventDefault()}
      edge="end"
      disabled={disabled}
    >
      {shown ? <VisibilityOff /> : <Visibility />}
    </IconButton>
  );
}

/**
 * A password-like field's show/hide state: the input `type` to give it and its `endAdornment`
 * (the toggle named `label`). `show()` reveals the value (a generated password).
 */
export function useVisibility(label: string, disabled?: boolean) {
  const [shown, setShown] = useState(false);
  const toggle = (
    <VisibilityToggle
      shown={shown}
      onToggle={() => setShown((value) => !value)}
      label={label}
      disabled={disabled}
    />
  );
  return {
    type: shown ? 'text' : 'password',
    show: () => setShown(true),
    toggle,
    endAdornment: <InputAdornment position="end">{toggle}</InputAdornment>,
  };
}
