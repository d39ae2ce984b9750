import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ChallengeRequestSchema,
  CreateAccountSchema,
  IdentitySchema,
  ReverifyRequestSchema,
} from '@portal/contract/claims';
import { checkCredentials, checkIdentity, checkPsn, type Checked } from './claim-check.ts';

/**
 * What a contract schema says of the same values: its output, or the first message per field (the
 * values are then not compared: nothing is sent).
 */
function schemaAnswer<V extends object>(schema: z.ZodType<V>, values: V): Checked<V> {
  const result = schema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { values: expect.anything() as V, errors: errors as Checked<V>['errors'] };
}

/** SSIDs, NINs and PSNs as people type them, and as they should never be sent. */
const CLAIM_FIELDS = [
  '',
  ' ',
  '\t \n',
  'SS45837531',
  '  SS45837531  ',
  '94274577030',
  ' 94274577030',
  'PSN479249',
  'psn479249 ',
  '0',
  'x'.repeat(64),
  ` ${'x'.repeat(64)} `,
  'x'.repeat(65),
  '\u00a0SS1\u00a0',
  'Ş',
];

const EMAILS = [
  '',
  '   ',
  'ada@example.gov.ng',
  ' Ada@Example.GOV.ng ',
  'not-an-email',
  'a@b',
  'a@b.c',
  'a@b.co',
  'first.last+tag@sub.example.org',
  '.a@b.co',
  'a..b@b.co',
  'a.@b.co',
  'a@-b.co',
  "o'neil@b.co",
  'a b@c.co',
  'ü@b.co',
  `${'a'.repeat(245)}@example.ng`,
  `${'a'.repeat(243)}@example.ng`,
  `${'a'.repeat(250)}@b`,
];
const PASSWORDS = [
  '',
  ' ',
  '1234567',
  '12345678',
  'Employee-Pass1',
  '  padded  ',
  'x'.repeat(256),
  'x'.repeat(257),
];

describe('the claim page checks its fields as the contract schemas do', () => {
  it.each(CLAIM_FIELDS.flatMap((ssid) => CLAIM_FIELDS.map((nin) => ({ ssid, nin }))))(
    'identity %j',
    (values) => {
      expect(checkIdentity(values)).toEqual(schemaAnswer(IdentitySchema, values));
    },
  );

  // The field agent's re-verification (issue #32: features/field/components/reverify-form.tsx)
  // checks its SSID and NIN with the same hand check.
  it.each(CLAIM_FIELDS.flatMap((ssid) => CLAIM_FIELDS.map((nin) => ({ ssid, nin }))))(
    're-verification %j',
    (values) => {
      expect(checkIdentity(values)).toEqual(schemaAnswer(ReverifyRequestSchema, values));
    },
  );

  const PsnSchema = ChallengeRequestSchema.pick({ psn: true });
  it.each(CLAIM_FIELDS.map((psn) => ({ psn })))('PSN %j', (values) => {
    expect(checkPsn(values)).toEqual(schemaAnswer(PsnSchema, values));
  });

  const CredentialsSchema = CreateAccountSchema.omit({ recordId: true });
  it.each(EMAILS.flatMap((email) => PASSWORDS.map((password) => ({ email, password }))))(
    'credentials %j',
    (values) => {
      expect(checkCredentials(values)).toEqual(schemaAnswer(CredentialsSchema, values));
    },
  );

  it('the grids hold both answers: some samples pass, some fail on each field', () => {
    const identities = CLAIM_FIELDS.map((ssid) => checkIdentity({ ssid, nin: '94274577030' }));
    expect(identities.filter((c) => c.errors.ssid === undefined).length).toBeGreaterThan(3);
    expect(new Set(identities.map((c) => c.errors.ssid))).toEqual(
      new Set([undefined, 'SSID is required', 'Cannot exceed 64 characters']),
    );
    const credentials = EMAILS.map((email) => checkCredentials({ email, password: 'Employee-Pass1' }));
    expect(new Set(credentials.map((c) => c.errors.email))).toEqual(
      new Set([
        undefined,
        'Email is required',
        'Please enter a valid email address',
        'Cannot exceed 254 characters',
      ]),
    );
    expect(
      new Set(PASSWORDS.map((password) => checkCredentials({ email: 'a@b.co', password }).errors.password)),
    ).toEqual(
      new Set([
        undefined,
        'Password is required',
        'Password must be at least 8 characters long',
        'Cannot exceed 256 characters',
      ]),
    );
  });

  it('hands on what the schema hands on: trimmed, the email in lower case', () => {
    expect(checkIdentity({ ssid: ' SS45837531 ', nin: '94274577030\n' }).values).toEqual({
      ssid: 'SS45837531',
      nin: '94274577030',
    });
    expect(checkCredentials({ email: ' Ada@Example.GOV.ng ', password: ' pass word ' }).values).toEqual({
      email: 'ada@example.gov.ng',
      password: ' pass word ',
    });
  });
});
