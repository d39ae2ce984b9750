/**
 * The user forms' messages and lengths, without zod: the public claim page (issue #32) checks its
 * email and password with them and loads no schema library. `tenant-users.ts` builds the schemas.
 */

export const TENANT_USER_MESSAGES = {
  fullNameRequired: 'Full name is required',
  fullNameMin: 'Name must be at least 2 characters long',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters long',
  roleRequired: 'Role is required',
  emailTaken: 'This email is already taken',
  created: 'User created successfully!',
  /** Issue #30: with the second approver on, a new tenant admin waits for another tenant admin. */
  adminAwaitsApproval:
    'The tenant admin account was created and is waiting for a second approver: a different tenant admin must approve it in Pending my approval before it can sign in.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

/** The longest values the user fields take. */
export const USER_FIELD_MAX = { fullName: 200, email: 254, password: 256 } as const;

/** A too-long value's message. */
export const cannotExceed = (n: number): string => `Cannot exceed ${n} characters`;
