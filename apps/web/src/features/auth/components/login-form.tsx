import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TOAST_MS } from '@portal/contract/limits';
import { MESSAGES } from '@portal/contract/messages';
import { homeForRole } from '@portal/contract/role-names';
import { Button } from '../../../field-kit/button.tsx';
import { Checkbox } from '../../../field-kit/checkbox.tsx';
import { PasswordField, TextField } from '../../../field-kit/text-field.tsx';
import type { Severity } from '../../../field-kit/alert.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import {
  getRememberedEmail,
  readLoginLockout,
  setRememberedEmail,
  storeToken,
} from '../../../lib/auth-storage.ts';
import { handOverToast } from '../../../lib/handed-over-toast.ts';
import { pageLoad } from '../../../lib/page-load.ts';
import { decodeTokenClaims } from '../../../lib/jwt-claims.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { describeAuthError } from '../api/auth-error-message.ts';
import { authenticate } from '../api/authenticate.ts';
import { checkLogin, type LoginValues } from '../login-check.ts';
import { isBlocked, remainingAttempts } from '../lockout/login-lockout.ts';
import { useLoginLockout } from '../lockout/use-login-lockout.ts';
import { LockWarningAlert } from './lock-warning-alert.tsx';

const LOGIN_PATH = '/login';

export interface LoginFormProps {
  /** Shows a toast for `TOAST_MS.login`. */
  toast: (message: string, severity: Severity) => void;
}

/**
 * The sign-in form (SPEC §2, §4): checked as the contract's schema checks it, a field once it is
 * left and then on every change; the client lockout; the remembered e-mail. Plain state, no form
 * library (DECISIONS 200). The first render is a first visit's, like the pre-rendered copy it
 * hydrates; what this browser remembers is read right after.
 */
export function LoginForm({ toast }: LoginFormProps) {
  const lockout = useLoginLockout();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [rememberMe, setRememberMe] = useState(false);
  const [touched, setTouched] = useState({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const remembered = getRememberedEmail();
    if (remembered === null) return;
    setValues((current) => ({ ...current, email: remembered }));
    setRememberMe(true);
  }, []);

  const errors = checkLogin(values);
  const shown = (field: keyof LoginValues) => (touched[field] || submitted ? errors[field] : undefined);
  const leave = (field: keyof LoginValues) => () => setTouched((current) => ({ ...current, [field]: true }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.email || errors.password) {
      (errors.email ? emailInput : passwordInput).current?.focus();
      return;
    }
    // Storage is the lockout's truth: a block set in another tab counts too.
    if (pending || lockout.blocked || isBlocked(readLoginLockout(), Date.now())) return;
    const email = values.email.trim();
    setPending(true);
    authenticate({ email, password: values.password }).then(
      ({ token }) => {
        storeToken(token);
        lockout.reset();
        setRememberedEmail(rememberMe ? email : null);
        const home = homeForRole(decodeTokenClaims(token)?.role);
        if (home === LOGIN_PATH) {
          // A role without a dashboard stays here, signed in (as the app's route guard does).
          setPending(false);
          toast(MESSAGES.login.success, 'success');
          return;
        }
        // The welcome is for the dashboard the user is sent to: it crosses the page load, which
        // starts the app there.
        handOverToast({ message: MESSAGES.login.success, variant: 'success', durationMs: TOAST_MS.login });
        pageLoad.replace(home);
      },
      (error: unknown) => {
        setPending(false);
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
    );
  };

  return (
    <form className="fk-stack" noValidate onSubmit={onSubmit}>
      <LockWarningAlert blocked={lockout.blocked} countdown={lockout.countdown} unlocked={lockout.unlocked} />
      <TextField
        ref={emailInput}
        name="email"
        label={UI_TEXTS.login.email}
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
        onBlur={leave('email')}
        error={shown('email')}
      />
      <PasswordField
        ref={passwordInput}
        name="password"
        label={UI_TEXTS.login.password}
        toggleLabel={UI_TEXTS.login.togglePassword}
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
        onBlur={leave('password')}
        error={shown('password')}
      />
      <Checkbox
        name="rememberMe"
        label={UI_TEXTS.login.rememberMe}
        checked={rememberMe}
        onChange={(event) => setRememberMe(event.target.checked)}
      />
      <Button type="submit" fullWidth busy={pending} disabled={pending || lockout.blocked}>
        {pending ? MESSAGES.login.signingIn : MESSAGES.login.signIn}
      </Button>
    </form>
  );
}
