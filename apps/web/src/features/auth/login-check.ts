import { LIMITS } from '@portal/contract/limits';
import { MESSAGES } from '@portal/contract/messages';
import { EMAIL_PATTERN } from '../../lib/email-pattern.ts';

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
  else if (!EMAIL_PATTERN.test(trimmed)) errors.email = MESSAGES.login.emailInvalid;
  if (password === '') errors.password = MESSAGES.login.passwordRequired;
  else if (password.length < LIMITS.loginPasswordMin) errors.password = MESSAGES.login.passwordMin;
  return errors;
}
