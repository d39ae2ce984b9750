import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AuthenticateRequestSchema } from '@portal/contract/auth';
import { TOAST_MS } from '@portal/contract/limits';
import { MESSAGES } from '@portal/contract/messages';
import { homeForRole } from '@portal/contract/roles';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { keepToastAcrossNavigation } from '../../../lib/route-toasts.ts';
import { getRememberedEmail, setRememberedEmail, storeToken } from '../../../lib/auth-storage.ts';
import { decodeTokenClaims } from '../../../lib/jwt-claims.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { describeAuthError } from '../api/auth-error-message.ts';
import { useAuthenticate } from '../api/authenticate.ts';
import { isBlocked, remainingAttempts } from '../lockout/login-lockout.ts';
import { useLoginLockout } from '../lockout/use-login-lockout.ts';
import { LockWarningAlert } from './lock-warning-alert.tsx';
import { useVisibility } from '../../../components/visibility-toggle.tsx';

const LoginFormSchema = AuthenticateRequestSchema.extend({ rememberMe: z.boolean() });

export function LoginForm() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const authenticate = useAuthenticate();
  const lockout = useLoginLockout();
  const password = useVisibility(UI_TEXTS.login.togglePassword);
  const [rememberedEmail] = useState(getRememberedEmail);

  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useZodForm(LoginFormSchema, {
    email: rememberedEmail ?? '',
    password: '',
    rememberMe: rememberedEmail !== null,
  });

  const toast = (message: string, variant: 'success' | 'error') =>
    enqueueSnackbar(message, { variant, autoHideDuration: TOAST_MS.login });

  const onSubmit = handleSubmit(({ email, password, rememberMe }) => {
    if (authenticate.isPending || lockout.blocked) return;
    authenticate.mutate(
      { email, password },
      {
        onSuccess: ({ token }) => {
          storeToken(token);
          lockout.reset();
          setRememberedEmail(rememberMe ? email : null);
          // The welcome is for the dashboard the user is sent to: it stays across the redirect.
          keepToastAcrossNavigation(toast(MESSAGES.login.success, 'success'));
          void navigate(homeForRole(decodeTokenClaims(token)?.role), { replace: true });
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 401) {
            toast(describeAuthError(error), 'error');
            return;
          }
          const next = lockout.recordFailure();
          toast(
            isBlocked(next, Date.now())
              ? MESSAGES.login.locked
              : MESSAGES.login.failure(remainingAttempts(next)),
            'error',
          );
        },
      },
    );
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <LockWarningAlert blocked={lockout.blocked} countdown={lockout.countdown} unlocked={lockout.unlocked} />
      <TextField
        {...register('email')}
        label={UI_TEXTS.login.email}
        type="email"
        autoComplete="email"
        required
        fullWidth
        error={errors.email !== undefined}
        helperText={errors.email?.message}
      />
      <TextField
        {...register('password')}
        label={UI_TEXTS.login.password}
        type={password.type}
        autoComplete="current-password"
        required
        fullWidth
        error={errors.password !== undefined}
        helperText={errors.password?.message}
        slotProps={{ input: { endAdornment: password.endAdornment } }}
      />
      <Controller
        name="rememberMe"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            label={UI_TEXTS.login.rememberMe}
            control={
              <Checkbox
                name={field.name}
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
            }
          />
        )}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={authenticate.isPending || lockout.blocked}
        startIcon={authenticate.isPending ? <CircularProgress size={20} color="inherit" /> : undefined}
      >
        {authenticate.isPending ? MESSAGES.login.signingIn : MESSAGES.login.signIn}
      </Button>
    </Stack>
  );
}
