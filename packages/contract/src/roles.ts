import { z } from 'zod';
import { ROLES, USER_STATUSES, type Role } from './role-names.ts';

// The names and the homes live without zod for the sign-in page (DECISIONS 200); one import path.
export { ROLES, USER_STATUSES, ROLE_HOME, homeForRole, type Role, type UserStatus } from './role-names.ts';

export const RoleSchema = z.enum(ROLES);

/** Roles whose users belong to a tenant (every role but the global super admin). */
export const TENANT_ROLES = ROLES.filter((r) => r !== 'GLOBAL_SUPER_ADMIN');

export const UserStatusSchema = z.enum(USER_STATUSES);

/**
 * Roles that work a part of the tenant: a reviewer the records of their ministries and departments,
 * an agent the people of theirs (issue #33). The rule of what an assignment reaches is in the
 * server's access/record-scope.repo.ts.
 */
export const ASSIGNED_ROLES = ['REVIEWER', 'AGENT'] as const satisfies readonly Role[];
export type AssignedRole = (typeof ASSIGNED_ROLES)[number];
export const isAssignedRole = (role: string): role is AssignedRole =>
  (ASSIGNED_ROLES as readonly string[]).includes(role);
