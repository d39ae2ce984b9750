import type { FastifyInstance } from 'fastify';
import { AUTH_ROUTES } from '@portal/contract/routes/auth';
import { serveRoute } from '../../access/route.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  serveRoute(app, AUTH_ROUTES.authenticate, async ({ body, request }) => ({
    token: await auth.authenticate(body.email, body.password, request.ip),
  }));

  serveRoute(app, AUTH_ROUTES.logout, async ({ actor }) => {
    await auth.logout(actor);
    return null;
  });
}
