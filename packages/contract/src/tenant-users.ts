import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { idSchema, requiredString } from './fields.ts';
import { TENANT_USER_MESSAGES, USER_FIELD_MAX, cannotExceed } from './tenant-user-messages.ts';

// The messages live without zod for the public claim page (issue #32); one import path.
export { TENANT_USER_MESSAGES } from './tenant-user-messages.ts';

/** Roles the global admin's tenant-user form offers (SPEC §6), with their labels. */
export const REGISTER_ROLES = ['TENANT_ADMIN', 'TENANT_MANAGER', 'TENANT_USER'] as const;
export const REGISTER_ROLE_LABELS: Record<(typeof REGISTER_ROLES)[number], string> = {
  TENANT_ADMIN: 'Administrator',
  TENANT_MANAGER: 'Manager',
  TENANT_USER: 'User',
};

const m = TENANT_USER_MESSAGES;
const max = USER_FIELD_MAX;
export const fullNameField = requiredString(m.fullNameRequired)
  .trim()
  .min(1, m.fullNameRequired)
  .min(2, m.fullNameMin)
  .max(max.fullName, cannotExceed(max.fullName));
export const emailField = requiredString(m.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, m.emailRequired)
  .pipe(z.email(m.emailInvalid).max(max.email, cannotExceed(max.email)));
export const passwordField = requiredString(m.passwordRequired)
  .min(1, m.passwordRequired)
  .min(LIMITS.passwordMin, m.passwordMin)
  .max(max.password, cannotExceed(max.password));
/** A role: missing or blank (the form's empty select) reads "Role is required", one not offered 'Invalid input'. */
export const roleField = <const R extends readonly [string, ...string[]]>(roles: R) =>
  z.enum(roles, {
    error: (issue) => (issue.input == null || issue.input === '' ? m.roleRequired : 'Invalid input'),
  });

/** POST /api/v1/auth/register: a user of a tenant, created by the global admin. */
export const RegisterUserSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  password: passwordField,
  role: roleField(REGISTER_ROLES),
  tenantId: idSchema('Tenant not found'),
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

/** The answer to creating a user (POST /auth/register and POST /tenant-admin/users). */
export const CreatedUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.string(),
  tenantId: z.string().nullable(),
  /** PENDING_APPROVAL: a tenant admin waiting for a second approver (issue #30); else ACTIVE. */
  status: z.string().optional(),
  /** The approval the new tenant admin waits for (ADMIN_GRANT), when it waits. */
  approvalId: z.string().nullable().optional(),
});
export type CreatedUser = z.infer<typeof CreatedUserSchema>;
