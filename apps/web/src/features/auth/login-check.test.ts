import { describe, expect, it } from 'vitest';
import { AuthenticateRequestSchema } from '@portal/contract/auth';
import { checkLogin, type LoginValues } from './login-check.ts';

/** What the contract's schema says of the same values: the first message per field. */
function schemaErrors(values: LoginValues) {
  const result = AuthenticateRequestSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('checkLogin', () => {
  const emails = [
    '',
    '   ',
    'ada@demo.local',
    ' ada@demo.local ',
    'Reviewer@Demo.local',
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
  ];
  const passwords = ['', ' ', '12345', '123456', 'Demo12345!'];

  it.each(emails.flatMap((email) => passwords.map((password) => ({ email, password }))))(
    'answers as the contract schema for %j',
    (values) => {
      expect(checkLogin(values)).toEqual(schemaErrors(values));
    },
  );
});
