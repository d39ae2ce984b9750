import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { TenantFormField, TenantFormInput } from '../utils/tenant-form-values.ts';

export type TenantTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: TenantFormField;
  /** Shown below the field while it has no error. */
  hint?: ReactNode;
  /** Rewrites what the user types (e.g. upper-casing the state code). */
  transform?: (value: string) => string;
};

/** A text field of the tenant form: bound to React Hook Form, showing its error or its hint. */
export function TenantTextField({ name, hint, transform, ...props }: TenantTextFieldProps) {
  const { control } = useFormContext<TenantFormInput>();
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(transform ? transform(event.target.value) : event.target.value)}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? hint}
      fullWidth
    />
  );
}
