import { z } from 'zod';
import { RoleSchema, UserStatusSchema } from './roles.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { requiredString } from './fields.ts';
import { NamedSchema } from './records.ts';
import { DEFAULT_TIME_ZONE } from './time-zone.ts';

export const AuthenticateRequestSchema = z.object({
  email: requiredString(MESSAGES.login.emailRequired)
    .trim()
    .min(1, MESSAGES.login.emailRequired)
    .email(MESSAGES.login.emailInvalid),
  password: requiredString(MESSAGES.login.passwordRequired)
    .min(1, MESSAGES.login.passwordRequired)
    .min(LIMITS.loginPasswordMin, MESSAGES.login.passwordMin),
});
export type AuthenticateRequest = z.infer<typeof AuthenticateRequestSchema>;

export const AuthResponseSchema = z.object({ token: z.string() });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** Claims of the signed token (DESIGN §7): sub, role, status, tenantId, exp. */
export const TokenClaimsSchema = z.object({
  sub: z.string(),
  role: RoleSchema,
  status: UserStatusSchema,
  tenantId: z.string().nullable(),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;

export const MeSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: RoleSchema,
  status: UserStatusSchema,
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  /**
   * The time zone the user's screens show times in (issue #31 item 12): the tenant's setting, the
   * platform's (Africa/Lagos) for the global admin.
   */
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
  /** A reviewer's own ministries and departments (absent for other roles): empty lists mean an empty queue. */
  assignments: z.object({ ministries: z.array(NamedSchema), departments: z.array(NamedSchema) }).optional(),
});
export type Me = z.infer<typeof MeSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
