import { LIMITS } from '@portal/contract/limits';
import { TENANT_USER_MESSAGES, USER_FIELD_MAX, cannotExceed } from '@portal/contract/tenant-user-messages';
import { EMAIL_PATTERN } from '../../lib/email-pattern.ts';
import { claimField, collect, type Checked } from '../../lib/identity-check.ts';

/**
 * The claim's fields checked by hand, as the contract's schemas check them (IdentitySchema, the PSN
 * of ChallengeRequestSchema, CreateAccountSchema's email and password): the first message per
 * field, and the values the schema would hand on (trimmed; the email also in lower case). The
 * public claim page loads no zod (issue #32, DECISIONS 200); `claim-check.test.ts` feeds the same
 * samples to both.
 */
export type { Checked, IdentityValues } from '../../lib/identity-check.ts';
export { checkIdentity, isValid } from '../../lib/identity-check.ts';

export interface CredentialValues {
  email: string;
  password: string;
}

/** Step two's PSN. */
export function checkPsn({ psn }: { psn: string }): Checked<{ psn: string }> {
  return collect<{ psn: string }>({ psn: claimField('PSN', psn) });
}

const m = TENANT_USER_MESSAGES;

/** Step three's email and password (the contract's emailField and passwordField). */
export function checkCredentials({ email, password }: CredentialValues): Checked<CredentialValues> {
  const address = email.trim().toLowerCase();
  const emailError =
    address === ''
      ? m.emailRequired
      : !EMAIL_PATTERN.test(address)
        ? m.emailInvalid
        : address.length > USER_FIELD_MAX.email
          ? cannotExceed(USER_FIELD_MAX.email)
          : undefined;
  const passwordError =
    password === ''
      ? m.passwordRequired
      : password.length < LIMITS.passwordMin
        ? m.passwordMin
        : password.length > USER_FIELD_MAX.password
          ? cannotExceed(USER_FIELD_MAX.password)
          : undefined;
  return collect<CredentialValues>({
    email: { value: address, error: emailError },
    password: { value: password, error: passwordError },
  });
}
