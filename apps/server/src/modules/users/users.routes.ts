import type { FastifyInstance } from 'fastify';
import { USERS_ROUTES } from '@portal/contract/routes/users';
import { serveRoute } from '../../access/route.ts';
import type { UsersService } from './users.service.ts';

export function usersRoutes(app: FastifyInstance, users: UsersService): void {
  serveRoute(app, USERS_ROUTES.me, async ({ actor }) => users.me(actor));
}
