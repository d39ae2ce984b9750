import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import type { TenantFormField } from '../utils/tenant-form-values.ts';
import { TenantTextField } from './tenant-text-field.tsx';
import { useVisibility } from '../../../components/visibility-toggle.tsx';

const texts = UI_TEXTS.tenantForm;

export interface SecretFieldProps {
  name: Extract<TenantFormField, 'clientSecretEncrypted' | 'aesKey' | 'iv' | 'accountProvider.clientSecret'>;
  label: string;
  required: boolean;
  /** Edit mode: whether a value is stored (blank keeps it). Undefined while creating. */
  stored?: boolean;
  sx?: SxProps<Theme>;
}

/** A provider secret: hidden as typed, never prefilled; in edit mode says whether one is stored. */
export function SecretField({ name, label, required, stored, sx }: SecretFieldProps) {
  const secret = useVisibility(texts.toggleSecret(label));
  const hint =
    stored === undefined ? undefined : (
      <>
        <Box component="span" sx={{ fontWeight: 600, color: stored ? 'success.dark' : 'text.secondary' }}>
          {stored ? texts.secretSet : texts.secretNotSet}
        </Box>
        {' \u00b7 '}
        {texts.keepSecret}
      </>
    );
  return (
    <TenantTextField
      name={name}
      label={label}
      required={required}
      sx={sx}
      type={secret.type}
      // Not a sign-in password: keep the browser's password manager out of it.
      autoComplete="new-password"
      hint={hint}
      slotProps={{
        htmlInput: { spellCheck: false },
        input: { endAdornment: secret.endAdornment },
      }}
    />
  );
}
