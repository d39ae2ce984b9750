import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Password from '@mui/icons-material/Password';
import { USERS_TEXTS } from '../users-texts.ts';
import { generatePassword } from '../utils/generate-password.ts';
import { VisibilityToggle } from '../../../components/visibility-toggle.tsx';

const texts = USERS_TEXTS.form;

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** With it, a button fills the field with a generated password (and shows it). */
  onGenerate?: (password: string) => void;
};

/** A new account's password: show/hide toggle and, optionally, a generate button (SPEC §2). */
export function PasswordField({ onGenerate, ...props }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      // A password for someone else: keep the browser's password manager out of it.
      autoComplete="new-password"
      slotProps={{
        htmlInput: { spellCheck: false, autoCapitalize: 'none' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {onGenerate && (
                <Tooltip title={texts.generatePassword}>
                  <IconButton
                    aria-label={texts.generatePassword}
                    onClick={() => {
                      onGenerate(generatePassword());
                      // The admin has to pass it on: show what was generated.
                      setShown(true);
                    }}
                    onMouseDown={(event) => event.preventDefault()}
                  >
                    <Password />
                  </IconButton>
                </Tooltip>
              )}
              <VisibilityToggle
                shown={shown}
                onToggle={() => setShown((value) => !value)}
                label={texts.togglePassword}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
