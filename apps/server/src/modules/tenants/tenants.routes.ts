import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@portal/contract/errors';
import {
  TenantCreateSchema,
  TenantSchema,
  TenantUpdateSchema,
  TestConnectionResultSchema,
} from '@portal/contract/tenants';
import { RegisterUserSchema, TenantUserSchema } from '@portal/contract/tenant-users';
import type { UserAdminService } from '../users/user-admin.service.ts';
import type { TenantsService } from './tenants.service.ts';
import { idSchema } from '@portal/contract/fields';

const GLOBAL = { roles: ['GLOBAL_SUPER_ADMIN'] } as const;
const IdParams = z.object({ id: idSchema('Tenant not found') });
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export function tenantsRoutes(
  app: FastifyInstance,
  tenants: TenantsService,
  userAdmin: UserAdminService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['global-admin'];

  r.get('/api/v1/global-admin/tenants', {
    config: GLOBAL,
    schema: { tags, summary: 'All tenants', response: { 200: z.array(TenantSchema) } },
    handler: async () => tenants.list(),
  });

  r.post('/api/v1/global-admin/tenants', {
    config: GLOBAL,
    schema: {
      tags,
      summary: 'Create a tenant',
      body: TenantCreateSchema,
      response: { 201: TenantSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await tenants.create(request.actor!, request.body)),
  });

  r.put('/api/v1/global-admin/tenants/:id', {
    config: GLOBAL,
    schema: {
      tags,
      summary: 'Update a tenant (blank secrets keep the stored ones; the subdomain cannot change)',
      params: IdParams,
      body: TenantUpdateSchema,
      response: { 200: TenantSchema, ...errors },
    },
    handler: async (request) => tenants.update(request.actor!, request.params.id, request.body),
  });

  r.delete('/api/v1/global-admin/tenants/:id', {
    config: GLOBAL,
    schema: {
      tags,
      summary: 'Delete a tenant with all of its data',
      params: IdParams,
      response: { 204: z.null(), 404: ApiErrorSchema },
    },
    handler: async (request, reply) => {
      await tenants.delete(request.actor!, request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.get('/api/v1/global-admin/tenants/check-subdomain/:subdomain', {
    config: GLOBAL,
    schema: {
      tags,
      summary: 'true when the subdomain is available',
      params: z.object({ subdomain: z.string() }),
      response: { 200: z.boolean() },
    },
    handler: async (request) => tenants.isSubdomainAvailable(request.params.subdomain),
  });

  r.get('/api/v1/global-admin/tenants/:id/users', {
    config: GLOBAL,
    schema: {
      tags,
      summary: 'Users of a tenant',
      params: IdParams,
      response: { 200: z.array(TenantUserSchema), 404: ApiErrorSchema },
    },
    handler: async (request) => tenants.users(request.params.id),
  });

  r.post('/api/v1/global-admin/tenants/:id/test-connection', {
    config: GLOBAL,
    schema: {
      tags,
      summary: "Ask the tenant's identity provider for a token with the stored settings",
      params: IdParams,
      response: { 200: TestConnectionResultSchema, 404: ApiErrorSchema },
    },
    handler: async (request) => tenants.testConnection(request.params.id),
  });

  r.post('/api/v1/auth/register', {
    config: GLOBAL,
    schema: {
      tags,
      summary: 'Create a user of a tenant (administrator, manager or user)',
      body: RegisterUserSchema,
      response: {
        201: z.object({
          id: z.string(),
          fullName: z.string(),
          email: z.string(),
          role: z.string(),
          tenantId: z.string().nullable(),
        }),
        ...errors,
      },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await userAdmin.create(request.actor!, request.body)),
  });
}
