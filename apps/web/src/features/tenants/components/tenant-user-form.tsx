import { useId, useState } from 'react';
import { Controller, useForm, type ControllerFieldState, type ControllerRenderProps } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAdd from '@mui/icons-material/PersonAdd';
import {
  REGISTER_ROLES,
  REGISTER_ROLE_LABELS,
  RegisterUserSchema,
  TENANT_USER_MESSAGES,
} from '@portal/contract/tenant-users';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { useRegisterTenantUser } from '../api/register-tenant-user.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { VisibilityToggle } from '../../../components/visibility-toggle.tsx';

const texts = UI_TEXTS.tenantUsers;

/** The register payload without the tenant, which the screen supplies. */
const TenantUserFormSchema = RegisterUserSchema.omit({ tenantId: true });
type TenantUserFormInput = z.input<typeof TenantUserFormSchema>;
type TenantUserFormOutput = z.output<typeof TenantUserFormSchema>;

/**
 * Controlled binding of a TextField: after `reset()` MUI then sees the emptied value (an
 * uncontrolled field would keep its label floating over an empty box).
 */
function bind<K extends keyof TenantUserFormInput>(
  field: ControllerRenderProps<TenantUserFormInput, K>,
  fieldState: ControllerFieldState,
) {
  return {
    name: field.name,
    value: field.value ?? '',
    inputRef: field.ref,
    onBlur: field.onBlur,
    onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
    error: fieldState.error !== undefined,
    helperText: fieldState.error?.message,
  };
}

const EMPTY: TenantUserFormInput = { fullName: '', email: '', password: '', role: 'TENANT_ADMIN' };

/** 'Create New Tenant Admin': a user of the tenant, Administrator by default (SPEC §2, §5, §6). */
export function TenantUserForm({ tenantId }: { tenantId: string }) {
  const titleId = useId();
  const [showPassword, setShowPassword] = useState(false);
  const registerUser = useRegisterTenantUser();
  const toast = useToasts(TENANT_TOASTS);
  const { control, handleSubmit, reset, setError } = useForm<
    TenantUserFormInput,
    unknown,
    TenantUserFormOutput
  >({
    resolver: zodResolver(TenantUserFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) => {
    registerUser.mutate(
      { ...values, tenantId },
      {
        onSuccess: () => {
          toast.success(TENANT_USER_MESSAGES.created);
          reset(EMPTY);
          setShowPassword(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setError('email', {
              type: 'server',
              message: error.serverMessage ?? TENANT_USER_MESSAGES.emailTaken,
            });
          }
          toast.error(errorMessage(error, TENANT_USER_MESSAGES.unexpected));
        },
      },
    );
  });

  const creating = registerUser.isPending;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 2 }}>
        {texts.formTitle}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Controller
            name="fullName"
            control={control}
            render={({ field, fieldState }) => (
              <TextField {...bind(field, fieldState)} label={texts.fullName} required autoComplete="off" />
            )}
          />
          <Controller
            name="email"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...bind(field, fieldState)}
                label={texts.email}
                type="email"
                required
                autoComplete="off"
              />
            )}
          />
          <Controller
            name="password"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...bind(field, fieldState)}
                label={texts.password}
                type={showPassword ? 'text' : 'password'}
                required
                // A password for someone else: keep the browser's password manager out of it.
                autoComplete="new-password"
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <VisibilityToggle
                          shown={showPassword}
                          onToggle={() => setShowPassword((shown) => !shown)}
                          label={texts.togglePassword}
                        />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            )}
          />
          <Controller
            name="role"
            control={control}
            render={({ field, fieldState }) => (
              <TextField {...bind(field, fieldState)} select label={texts.role} required>
                {REGISTER_ROLES.map((role) => (
                  <MenuItem key={role} value={role}>
                    {REGISTER_ROLE_LABELS[role]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column-reverse', sm: 'row' },
            justifyContent: 'flex-end',
            gap: 1.5,
            mt: 3,
          }}
        >
          <Button
            variant="outlined"
            disabled={creating}
            onClick={() => {
              reset(EMPTY);
              setShowPassword(false);
            }}
          >
            {texts.reset}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={creating}
            loadingPosition="start"
            startIcon={<PersonAdd />}
          >
            {creating ? texts.creating : texts.create}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
