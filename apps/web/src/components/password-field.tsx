import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Password from '@mui/icons-material/Password';
import { generatePassword } from '../lib/generate-password.ts';
import { useVisibility } from './visibility-toggle.tsx';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** The show/hide button's name. */
  toggleLabel: string;
  /** With it, a button of this name fills the field with a generated password (and shows it). */
  generate?: { label: string; onGenerate: (password: string) => void };
};

/** A new account's password: show/hide toggle and, optionally, a generate button (SPEC §2). */
export function PasswordField({ toggleLabel, generate, ...props }: PasswordFieldProps) {
  const visibility = useVisibility(toggleLabel);
  return (
    <TextField
      {...props}
      type={visibility.type}
      // A password for someone else: keep the browser's password manager out of it.
      autoComplete="new-password"
      slotProps={{
        htmlInput: { spellCheck: false, autoCapitalize: 'none' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {generate && (
                <Tooltip title={generate.label}>
                  <IconButton
                    aria-label={generate.label}
                    onClick={() => {
                      generate.onGenerate(generatePassword());
                      // The admin has to pass it on: show what was generated.
                      visibility.show();
                    }}
                    onMouseDown={(event) => event.preventDefault()}
                  >
                    <Password />
                  </IconButton>
                </Tooltip>
              )}
              {visibility.toggle}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
