import IconButton from '@mui/material/IconButton';
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
