import { LIMITS } from '@portal/contract/limits';
import { MESSAGES } from '@portal/contract/messages';

/** zod 4's e-mail pattern (`z.regexes.email`), which the contract's `.email()` uses. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/**
 * The contract's AuthenticateRequestSchema by hand, first message per field as the form showed
 * it: the sign-in page loads no zod (DECISIONS 200). `login-check.test.ts` holds the two to the
 * same answers.
 */
export function checkLogin({ email, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const trimmed = email.trim();
  if (trimmed === '') errors.email = MESSAGES.login.emailRequired;
  else if (!EMAIL.test(trimmed)) errors.email = MESSAGES.login.emailInvalid;
  if (password === '') errors.password = MESSAGES.login.passwordRequired;
  else if (password.length < LIMITS.loginPasswordMin) errors.password = MESSAGES.login.passwordMin;
  return errors;
}
