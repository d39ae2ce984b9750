import { z } from 'zod';
import { isAssignedRole } from './roles.ts';
import { NamedSchema } from './records.ts';
import { emailField, fullNameField, passwordField, roleField, TENANT_USER_MESSAGES } from './tenant-users.ts';
import { idSchema, requiredString } from './fields.ts';

/** Roles a tenant admin may give (the users form and the 'Create New User' dialog, SPEC §6). */
export const TENANT_ADMIN_CREATABLE_ROLES = [
  'TENANT_ADMIN',
  'REVIEWER',
  'AGENT',
  'SELF_SERVICE_USER',
] as const;
export const FORM_ROLES = ['TENANT_ADMIN', 'REVIEWER', 'AGENT'] as const;
export const DIALOG_ROLES = ['AGENT', 'SELF_SERVICE_USER'] as const;

export const PEOPLE_MESSAGES = {
  ...TENANT_USER_MESSAGES,
  assignmentsOnlyForReviewers: 'Ministries and departments can only be assigned to reviewers and agents',
  unknownMinistry: 'One or more ministries do not belong to this tenant',
  unknownDepartment: 'One or more departments do not belong to this tenant',
  reviewerNotFound: 'Reviewer not found',
  agentNotFound: 'Agent not found',
  reviewersLoadFailed: 'Failed to load reviewer data.',
  assignmentsUpdated: 'Reviewer assignments updated successfully.',
  assignmentsFailed: 'Failed to update assignments.',
  noUsers: 'No Users Found',
  noUsersHint: 'Create a new user using the form to get started.',
  noReviewers: 'No Reviewers Found',
  noReviewersHint: "Assign the 'Reviewer' role to users in the User Management section.",
} as const;

const idList = z.array(idSchema('Invalid id')).max(1000).default([]);

export const CreateTenantUserSchema = z
  .object({
    fullName: fullNameField,
    email: emailField,
    password: passwordField,
    role: roleField(TENANT_ADMIN_CREATABLE_ROLES),
    assignedMinistryIds: idList,
    assignedDepartmentIds: idList,
  })
  .refine(
    (u) =>
      isAssignedRole(u.role) || (u.assignedMinistryIds.length === 0 && u.assignedDepartmentIds.length === 0),
    {
      message: PEOPLE_MESSAGES.assignmentsOnlyForReviewers,
      path: ['role'],
    },
  );
export type CreateTenantUser = z.input<typeof CreateTenantUserSchema>;

export const CheckEmailRequestSchema = z.object({
  email: requiredString(TENANT_USER_MESSAGES.emailRequired).trim().max(254, 'Cannot exceed 254 characters'),
});
export const CheckEmailResponseSchema = z.object({ exists: z.boolean() });

export const ReviewerSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  pendingValidationCount: z.number(),
  assignedMinistries: z.array(NamedSchema),
  assignedDepartments: z.array(NamedSchema),
});
export type Reviewer = z.infer<typeof ReviewerSchema>;

/**
 * A field agent with the ministries and departments it works (issue #33): an agent with none works
 * the whole tenant (DECISIONS 183).
 */
export const AgentSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  assignedMinistries: z.array(NamedSchema),
  assignedDepartments: z.array(NamedSchema),
});
export type Agent = z.infer<typeof AgentSchema>;

export const AssignmentsSchema = z.object({ ministryIds: idList, departmentIds: idList });
export type Assignments = z.input<typeof AssignmentsSchema>;
