import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthResponseSchema, AuthenticateRequestSchema } from '@portal/contract/auth';
import { ApiErrorSchema } from '@portal/contract/errors';
import type { AuthService } from './auth.service.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/auth/authenticate', {
    config: { public: true, csrf: false },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with email and password',
      body: AuthenticateRequestSchema,
      response: { 200: AuthResponseSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
    },
    handler: async (request) => ({
      token: await auth.authenticate(request.body.email, request.body.password, request.ip),
    }),
  });

  r.post('/api/v1/auth/logout', {
    config: {
      roles: [
        'GLOBAL_SUPER_ADMIN',
        'TENANT_ADMIN',
        'TENANT_MANAGER',
        'TENANT_USER',
        'AGENT',
        'REVIEWER',
        'SELF_SERVICE_USER',
      ],
    },
    schema: {
      tags: ['auth'],
      summary: 'Revoke every token of the signed-in user',
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await auth.logout(request.actor!);
      return reply.code(204).send(null);
    },
  });
}
