import { z } from 'zod';

export const ROLES = [
  'GLOBAL_SUPER_ADMIN',
  'TENANT_ADMIN',
  'TENANT_MANAGER',
  'TENANT_USER',
  'AGENT',
  'REVIEWER',
  'SELF_SERVICE_USER',
] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Roles whose users belong to a tenant (every role but the global super admin). */
export const TENANT_ROLES = ROLES.filter((r) => r !== 'GLOBAL_SUPER_ADMIN');

/**
 * PENDING_APPROVAL: a tenant admin added by another tenant admin while the second approver is on
 * waits for a different tenant admin's approval (ADMIN_GRANT); it cannot sign in until then.
 */
export const USER_STATUSES = ['ACTIVE', 'DISABLED', 'PENDING_APPROVAL'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

/**
 * Roles that work a part of the tenant: a reviewer the records of their ministries and departments,
 * an agent the people of theirs (issue #33). The rule of what an assignment reaches is in the
 * server's access/record-scope.repo.ts.
 */
export const ASSIGNED_ROLES = ['REVIEWER', 'AGENT'] as const satisfies readonly Role[];
export type AssignedRole = (typeof ASSIGNED_ROLES)[number];
export const isAssignedRole = (role: string): role is AssignedRole =>
  (ASSIGNED_ROLES as readonly string[]).includes(role);

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
