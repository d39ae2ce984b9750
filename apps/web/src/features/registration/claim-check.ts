import { CLAIM_FIELD_MAX } from '@portal/contract/claim-texts';
import { LIMITS } from '@portal/contract/limits';
import { TENANT_USER_MESSAGES, USER_FIELD_MAX, cannotExceed } from '@portal/contract/tenant-user-messages';
import { EMAIL_PATTERN } from '../../lib/email-pattern.ts';

/**
 * The claim's fields checked by hand, as the contract's schemas check them (IdentitySchema, the PSN
 * of ChallengeRequestSchema, CreateAccountSchema's email and password): the first message per
 * field, and the values the schema would hand on (trimmed; the email also in lower case). The
 * public claim page loads no zod (issue #32, DECISIONS 200); `claim-check.test.ts` feeds the same
 * samples to both.
 */
export interface Checked<V> {
  /** What the schema hands on; meaningful when `errors` is empty. */
  values: V;
  errors: Partial<Record<keyof V, string>>;
}

export interface IdentityValues {
  ssid: string;
  nin: string;
}

export interface CredentialValues {
  email: string;
  password: string;
}

const required = (label: string) => `${label} is required`;

/** An SSID, NIN or PSN: trimmed, required, at most CLAIM_FIELD_MAX characters. */
function claimField(label: string, raw: string): { value: string; error?: string } {
  const value = raw.trim();
  if (value === '') return { value, error: required(label) };
  if (value.length > CLAIM_FIELD_MAX) return { value, error: cannotExceed(CLAIM_FIELD_MAX) };
  return { value };
}

function collect<V>(fields: { [K in keyof V]: { value: V[K]; error?: string } }): Checked<V> {
  const values = {} as V;
  const errors: Partial<Record<keyof V, string>> = {};
  for (const key of Object.keys(fields) as (keyof V)[]) {
    values[key] = fields[key].value;
    const error = fields[key].error;
    if (error !== undefined) errors[key] = error;
  }
  return { values, errors };
}

/** Step one's SSID and NIN. */
export function checkIdentity({ ssid, nin }: IdentityValues): Checked<IdentityValues> {
  return collect<IdentityValues>({ ssid: claimField('SSID', ssid), nin: claimField('NIN', nin) });
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

/** No message for any field. */
export const isValid = (checked: Checked<object>): boolean => Object.keys(checked.errors).length === 0;
