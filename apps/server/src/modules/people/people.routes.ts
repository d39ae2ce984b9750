import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@portal/contract/errors';
import {
  AssignmentsSchema,
  CheckEmailRequestSchema,
  CheckEmailResponseSchema,
  CreateTenantUserSchema,
  ReviewerSchema,
} from '@portal/contract/people';
import { TenantUserSchema } from '@portal/contract/tenant-users';
import type { PeopleService } from './people.service.ts';
import { idSchema } from '@portal/contract/fields';

const ADMIN = { roles: ['TENANT_ADMIN'] } as const;
const tags = ['tenant-admin'];

export function peopleRoutes(app: FastifyInstance, people: PeopleService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/tenant-admin/users', {
    config: ADMIN,
    schema: { tags, summary: 'Users of the own tenant', response: { 200: z.array(TenantUserSchema) } },
    handler: async (request) => people.listUsers(request.actor!),
  });

  r.post('/api/v1/tenant-admin/users', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Create a user of the own tenant (reviewers with their ministries and departments)',
      body: CreateTenantUserSchema,
      response: {
        201: z.object({
          id: z.string(),
          fullName: z.string(),
          email: z.string(),
          role: z.string(),
          tenantId: z.string().nullable(),
        }),
        400: ApiErrorSchema,
        409: ApiErrorSchema,
      },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await people.createUser(request.actor!, request.body)),
  });

  r.post('/api/v1/tenant-admin/users/check-email', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Whether an email is taken (platform-wide)',
      body: CheckEmailRequestSchema,
      response: { 200: CheckEmailResponseSchema },
    },
    handler: async (request) => ({ exists: await people.emailExists(request.body.email) }),
  });

  r.get('/api/v1/users/reviewers', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Reviewers of the own tenant with their pending counts and assignments',
      response: { 200: z.array(ReviewerSchema) },
    },
    handler: async (request) => people.reviewers(request.actor!),
  });

  r.put('/api/v1/tenant-admin/reviewers/:id/assignments', {
    config: ADMIN,
    schema: {
      tags,
      summary: "Replace a reviewer's ministries and departments",
      params: z.object({ id: idSchema('Reviewer not found') }),
      body: AssignmentsSchema,
      response: { 200: ReviewerSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
    },
    handler: async (request) => people.updateAssignments(request.actor!, request.params.id, request.body),
  });
}
