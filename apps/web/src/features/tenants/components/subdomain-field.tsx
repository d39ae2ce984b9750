import { useController, useFormContext } from 'react-hook-form';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { TENANT_MESSAGES } from '@portal/contract/tenants';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import type { SubdomainAvailability } from '../hooks/use-subdomain-availability.ts';
import type { TenantFormInput } from '../utils/tenant-form-values.ts';

export interface SubdomainFieldProps {
  mode: 'create' | 'edit';
  availability: SubdomainAvailability;
}

function adornment(availability: SubdomainAvailability) {
  if (availability === 'checking') {
    return <CircularProgress size={18} aria-label={UI_TEXTS.tenantForm.checkingSubdomain} />;
  }
  if (availability === 'available') {
    return <CheckCircle color="success" titleAccess={UI_TEXTS.tenantForm.subdomainAvailable} />;
  }
  return null;
}

/**
 * Subdomain: checked for availability while creating (SPEC §5), fixed once created. Its error,
 * in order: the form's own (format, or the server's answer), then 'already taken', else the hint.
 */
export function SubdomainField({ mode, availability }: SubdomainFieldProps) {
  const { control } = useFormContext<TenantFormInput>();
  const { field, fieldState } = useController({ name: 'subdomain', control });
  const editing = mode === 'edit';
  const taken = !editing && availability === 'taken';
  const error = fieldState.error?.message ?? (taken ? TENANT_MESSAGES.subdomainTaken : undefined);
  const status = editing ? null : adornment(availability);

  return (
    <TextField
      name={field.name}
      value={field.value ?? ''}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.target.value)}
      label={UI_TEXTS.tenantForm.subdomain}
      required={!editing}
      disabled={editing}
      fullWidth
      autoComplete="off"
      error={error !== undefined}
      helperText={error ?? (editing ? TENANT_MESSAGES.subdomainImmutable : TENANT_MESSAGES.subdomainHint)}
      slotProps={{
        htmlInput: { spellCheck: false, autoCapitalize: 'none' },
        input: status ? { endAdornment: <InputAdornment position="end">{status}</InputAdornment> } : {},
      }}
    />
  );
}
