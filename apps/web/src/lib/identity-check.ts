import { CLAIM_FIELD_MAX } from '@portal/contract/claim-texts';
import { cannotExceed } from '@portal/contract/tenant-user-messages';

/*
 * An SSID and a NIN checked by hand, as the contract's IdentitySchema and ReverifyRequestSchema check
 * them: the claim's identity step and the field agent's re-verification (issue #32), pages that
 * load no zod. `features/registration/claim-check.test.ts` and
 * `features/field/components/reverify-form.test.tsx` feed the same samples to the schemas.
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

const required = (label: string) => `${label} is required`;

/** An SSID, NIN or PSN: trimmed, required, at most CLAIM_FIELD_MAX characters. */
export function claimField(label: string, raw: string): { value: string; error?: string } {
  const value = raw.trim();
  if (value === '') return { value, error: required(label) };
  if (value.length > CLAIM_FIELD_MAX) return { value, error: cannotExceed(CLAIM_FIELD_MAX) };
  return { value };
}

export function collect<V>(fields: { [K in keyof V]: { value: V[K]; error?: string } }): Checked<V> {
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

/** No message for any field. */
export const isValid = (checked: Checked<object>): boolean => Object.keys(checked.errors).length === 0;
