import { z } from 'zod';
import { ApiErrorSchema } from '../errors.ts';
import { idSchema } from '../fields.ts';
import { CreatedUserSchema, RegisterUserSchema, TenantUserSchema } from '../tenant-users.ts';
import {
  TenantCreateSchema,
  TenantSchema,
  TenantUpdateSchema,
  TestConnectionResultSchema,
} from '../tenants.ts';
import { SmsGatewayInputSchema, SmsGatewayViewSchema } from '../sms-gateway.ts';
import { defineRoute } from './define-route.ts';

const roles = ['GLOBAL_SUPER_ADMIN'] as const;
const tags = ['global-admin'];
const params = z.object({ id: idSchema('Tenant not found') });
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/** The global admin's tenants and their users (server: modules/tenants/tenants.routes.ts). */
export const TENANTS_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/global-admin/tenants',
    roles,
    tags,
    summary: 'All tenants',
    response: z.array(TenantSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/v1/global-admin/tenants',
    roles,
    tags,
    summary: 'Create a tenant',
    body: TenantCreateSchema,
    response: TenantSchema,
    status: 201,
    errors,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/v1/global-admin/tenants/:id',
    roles,
    tags,
    summary: 'Update a tenant (blank secrets keep the stored ones; the subdomain cannot change)',
    params,
    body: TenantUpdateSchema,
    response: TenantSchema,
    errors,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/v1/global-admin/tenants/:id',
    roles,
    tags,
    summary: 'Delete a tenant with all of its data',
    params,
    response: z.null(),
    status: 204,
    errors: { 404: ApiErrorSchema },
  }),
  checkSubdomain: defineRoute({
    method: 'GET',
    path: '/api/v1/global-admin/tenants/check-subdomain/:subdomain',
    roles,
    tags,
    summary: 'true when the subdomain is available',
    params: z.object({ subdomain: z.string() }),
    response: z.boolean(),
  }),
  users: defineRoute({
    method: 'GET',
    path: '/api/v1/global-admin/tenants/:id/users',
    roles,
    tags,
    summary: 'Users of a tenant',
    params,
    response: z.array(TenantUserSchema),
    errors: { 404: ApiErrorSchema },
  }),
  testConnection: defineRoute({
    method: 'POST',
    path: '/api/v1/global-admin/tenants/:id/test-connection',
    roles,
    tags,
    summary: "Ask the tenant's identity provider for a token with the stored settings",
    params,
    response: TestConnectionResultSchema,
    errors: { 404: ApiErrorSchema },
  }),
  testAccountProvider: defineRoute({
    method: 'POST',
    path: '/api/v1/global-admin/tenants/:id/account-provider/test-connection',
    roles,
    tags,
    summary:
      "Ask the tenant's account name provider (issue #36, the name-enquiry protocol) for a token with the stored settings",
    params,
    response: TestConnectionResultSchema,
    errors: { 404: ApiErrorSchema },
  }),
  smsGateway: defineRoute({
    method: 'GET',
    path: '/api/v1/global-admin/tenants/:id/sms-gateway',
    roles,
    tags,
    summary: "The tenant's SMS gateway (SMPP 3.4) without its password; null when not set (issue #33)",
    params,
    response: SmsGatewayViewSchema,
    errors: { 404: ApiErrorSchema },
  }),
  setSmsGateway: defineRoute({
    method: 'PUT',
    path: '/api/v1/global-admin/tenants/:id/sms-gateway',
    roles,
    tags,
    summary:
      "Set the tenant's SMS gateway: SMPP host, port, system id, password (sealed at rest; blank keeps the stored one) and sender id; audited",
    params,
    body: SmsGatewayInputSchema,
    response: SmsGatewayViewSchema,
    errors: { 400: ApiErrorSchema, 404: ApiErrorSchema },
  }),
  registerUser: defineRoute({
    method: 'POST',
    path: '/api/v1/auth/register',
    roles,
    tags,
    summary: 'Create a user of a tenant (administrator, manager or user)',
    body: RegisterUserSchema,
    response: CreatedUserSchema,
    status: 201,
    errors,
  }),
};
