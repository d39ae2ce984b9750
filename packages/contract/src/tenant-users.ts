import { z } from 'zod';
import { LIMITS } from './limits.ts';

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
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

/** Roles the global admin's tenant-user form offers (SPEC §6), with their labels. */
export const REGISTER_ROLES = ['TENANT_ADMIN', 'TENANT_MANAGER', 'TENANT_USER'] as const;
export const REGISTER_ROLE_LABELS: Record<(typeof REGISTER_ROLES)[number], string> = {
  TENANT_ADMIN: 'Administrator',
  TENANT_MANAGER: 'Manager',
  TENANT_USER: 'User',
};

const m = TENANT_USER_MESSAGES;
export const fullNameField = z
  .string({ error: m.fullNameRequired })
  .trim()
  .min(1, m.fullNameRequired)
  .min(2, m.fullNameMin)
  .max(200);
export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, m.emailRequired)
  .pipe(z.email(m.emailInvalid).max(254));
export const passwordField = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(LIMITS.passwordMin, m.passwordMin)
  .max(256);

/** POST /api/v1/auth/register: a user of a tenant, created by the global admin. */
export const RegisterUserSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  password: passwordField,
  role: z.enum(REGISTER_ROLES, { error: m.roleRequired }),
  tenantId: z.uuid({ error: 'Tenant not found' }),
});
export type RegisterUser = z.input<typeof RegisterUserSchema>;

export const TenantUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type TenantUser = z.infer<typeof TenantUserSchema>;
