import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MeSchema } from '@portal/contract/auth';
import { ROLES } from '@portal/contract/roles';
import type { UsersService } from './users.service.ts';

export function usersRoutes(app: FastifyInstance, users: UsersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/users/me', {
    config: { roles: ROLES },
    schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: MeSchema } },
    handler: async (request) => users.me(request.actor!),
  });
}
