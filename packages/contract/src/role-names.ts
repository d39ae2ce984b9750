/**
 * The roles, the user statuses and where each role lands, without zod: the sign-in page (issue
 * #32, DECISIONS 200) needs them and loads no schema library. `roles.ts` builds the schemas.
 */
export const ROLES = [
  'GLOBAL_SUPER_ADMIN',
  'TENANT_ADMIN',
  'TENANT_MANAGER',
  'TENANT_USER',
  'AGENT',
  'REVIEWER',
  'SELF_SERVICE_USER',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * PENDING_APPROVAL: a tenant admin added by another tenant admin while the second approver is on
 * waits for a different tenant admin's approval (ADMIN_GRANT); it cannot sign in until then.
 */
export const USER_STATUSES = ['ACTIVE', 'DISABLED', 'PENDING_APPROVAL'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Where a signed-in user lands (SPEC §4). Roles without a dashboard go to /login. */
export const ROLE_HOME: Partial<Record<Role, string>> = {
  GLOBAL_SUPER_ADMIN: '/dashboard/global-admin',
  TENANT_ADMIN: '/dashboard/tenant-admin',
  AGENT: '/dashboard/agent',
  REVIEWER: '/dashboard/reviewer',
  SELF_SERVICE_USER: '/dashboard/user',
};

export function homeForRole(role: string | undefined): string {
  return (role && ROLE_HOME[role as Role]) || '/login';
}
