import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@portal/contract/errors';
import { AuthResponseSchema } from '@portal/contract/auth';
import {
  ChallengeRequestSchema,
  ChallengeResponseSchema,
  CreateAccountSchema,
  InitiateRequestSchema,
  InitiateResponseSchema,
  ReverifyRequestSchema,
  ReverifyResponseSchema,
} from '@portal/contract/claims';
import { MasterRecordSchema } from '@portal/contract/records';
import { scopeOf } from '../../access/actor.ts';
import type { PublicTenantResolver } from '../../access/public-tenant.ts';
import type { EmployeeService } from '../employee/employee.service.ts';
import type { ClaimsService } from './claims.service.ts';
import { idSchema } from '@portal/contract/fields';

/** Public claim calls: open, and exempt from CSRF (no session to ride on). */
const PUBLIC = { public: true, csrf: false } as const;
const AGENT = { roles: ['AGENT'] } as const;
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

export function claimsRoutes(
  app: FastifyInstance,
  deps: { claims: ClaimsService; employee: EmployeeService; tenants: PublicTenantResolver },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { claims, employee, tenants } = deps;
  const tags = ['claims'];

  r.post('/api/v1/verification/initiate', {
    config: PUBLIC,
    schema: {
      tags,
      summary: 'Start claiming an account with SSID and NIN (tenant from the Host or X-Tenant)',
      body: InitiateRequestSchema,
      response: { 200: InitiateResponseSchema, ...errors },
    },
    handler: async (request) =>
      claims.initiate(await tenants.resolve(request), request.body, request.ip, null),
  });

  r.post('/api/v1/verification/challenge', {
    config: PUBLIC,
    schema: {
      tags,
      summary: 'Confirm the PSN of a claim',
      body: ChallengeRequestSchema,
      response: { 200: ChallengeResponseSchema, ...errors },
    },
    // A claim started for one tenant goes on only where no other tenant is named.
    handler: async (request) =>
      claims.challenge(request.body.recordId, request.body.psn, request.ip, await tenants.named(request)),
  });

  for (const url of ['/api/v1/auth/create-account', '/api/v1/auth/register-employee']) {
    r.post(url, {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Create the employee account of a confirmed claim',
        body: CreateAccountSchema,
        response: { 200: AuthResponseSchema, ...errors },
      },
      handler: async (request) => claims.createAccount(request.body, await tenants.named(request)),
    });
  }

  r.post('/api/v1/agent/verify', {
    config: AGENT,
    schema: {
      tags,
      summary: 'An agent starts a claim for an employee of their tenant',
      body: InitiateRequestSchema,
      response: { 200: InitiateResponseSchema, ...errors },
    },
    handler: async (request) =>
      claims.initiate(scopeOf(request.actor!), request.body, request.ip, request.actor!.userId),
  });

  r.post('/api/v1/agent/challenge', {
    config: AGENT,
    schema: {
      tags,
      summary: "An agent confirms the employee's PSN",
      body: ChallengeRequestSchema,
      response: { 200: ChallengeResponseSchema, ...errors },
    },
    handler: async (request) =>
      claims.challenge(request.body.recordId, request.body.psn, request.ip, request.actor!.tenantId!),
  });

  r.post('/api/v1/agent/records/:id/verify', {
    config: { roles: ['AGENT', 'SELF_SERVICE_USER'] },
    schema: {
      tags,
      summary: 'Re-verify a record awaiting re-validation (the employee their own; agents their tenant’s)',
      params: z.object({ id: idSchema('Record not found') }),
      body: ReverifyRequestSchema,
      response: { 200: ReverifyResponseSchema, ...errors, 502: ApiErrorSchema },
    },
    handler: async (request) => employee.reverify(request.actor!, request.params.id, request.body),
  });

  r.get('/api/v1/users/me/record', {
    config: { roles: ['SELF_SERVICE_USER'] },
    schema: {
      tags,
      summary: "The signed-in employee's own record",
      response: { 200: MasterRecordSchema, 404: ApiErrorSchema },
    },
    handler: async (request) => employee.myRecord(request.actor!),
  });
}
