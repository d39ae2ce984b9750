import { z } from 'zod';
import { ApiErrorSchema } from '../errors.ts';
import { idSchema } from '../fields.ts';
import {
  AgentSchema,
  AssignmentsSchema,
  CheckEmailRequestSchema,
  CheckEmailResponseSchema,
  CreateTenantUserSchema,
  ReviewerSchema,
} from '../people.ts';
import { CreatedUserSchema, TenantUserSchema } from '../tenant-users.ts';
import { defineRoute } from './define-route.ts';

const roles = ['TENANT_ADMIN'] as const;
const tags = ['tenant-admin'];

/** A tenant admin's users and reviewers (server: modules/people/people.routes.ts). */
export const PEOPLE_ROUTES = {
  users: defineRoute({
    method: 'GET',
    path: '/api/v1/tenant-admin/users',
    roles,
    tags,
    summary: 'Users of the own tenant',
    response: z.array(TenantUserSchema),
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/api/v1/tenant-admin/users',
    roles,
    tags,
    summary:
      'Create a user of the own tenant (reviewers with their ministries and departments). With the second approver on, a tenant admin waits for a different tenant admin (status PENDING_APPROVAL)',
    body: CreateTenantUserSchema,
    response: CreatedUserSchema,
    status: 201,
    errors: { 400: ApiErrorSchema, 409: ApiErrorSchema },
    fourEyes: 'MAKER',
  }),
  checkEmail: defineRoute({
    method: 'POST',
    path: '/api/v1/tenant-admin/users/check-email',
    roles,
    tags,
    summary: 'Whether an email is taken (platform-wide)',
    body: CheckEmailRequestSchema,
    response: CheckEmailResponseSchema,
  }),
  reviewers: defineRoute({
    method: 'GET',
    path: '/api/v1/users/reviewers',
    roles,
    tags,
    summary: 'Reviewers of the own tenant with their pending counts and assignments',
    response: z.array(ReviewerSchema),
  }),
  updateAssignments: defineRoute({
    method: 'PUT',
    path: '/api/v1/tenant-admin/reviewers/:id/assignments',
    roles,
    tags,
    summary: "Replace a reviewer's ministries and departments",
    params: z.object({ id: idSchema('Reviewer not found') }),
    body: AssignmentsSchema,
    response: ReviewerSchema,
    errors: { 400: ApiErrorSchema, 404: ApiErrorSchema },
  }),
  agents: defineRoute({
    method: 'GET',
    path: '/api/v1/tenant-admin/agents',
    roles,
    tags,
    summary: 'Field agents of the own tenant with their assignments (none: the whole tenant)',
    response: z.array(AgentSchema),
  }),
  updateAgentAssignments: defineRoute({
    method: 'PUT',
    path: '/api/v1/tenant-admin/agents/:id/assignments',
    roles,
    tags,
    summary: "Replace a field agent's ministries and departments (none: the whole tenant)",
    params: z.object({ id: idSchema('Agent not found') }),
    body: AssignmentsSchema,
    response: AgentSchema,
    errors: { 400: ApiErrorSchema, 404: ApiErrorSchema },
  }),
};
