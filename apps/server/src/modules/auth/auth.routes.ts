import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_ROUTES } from '@portal/contract/routes/auth';
import { serveRoute } from '../../access/route.ts';
import type { AuthService } from './auth.service.ts';

/**
 * `pageTenant`: the tenant whose sign-in page sent the request (its Host or X-Tenant), for the
 * trail of a failed sign-in with an email no account has; undefined when it names none.
 */
export function authRoutes(
  app: FastifyInstance,
  auth: AuthService,
  pageTenant: (request: FastifyRequest) => Promise<string | undefined> = async () => undefined,
): void {
  serveRoute(app, AUTH_ROUTES.authenticate, async ({ body, request }) => ({
    token: await auth.authenticate(body.email, body.password, request.ip, await pageTenant(request)),
  }));

  serveRoute(app, AUTH_ROUTES.logout, async ({ actor }) => {
    await auth.logout(actor);
    return null;
  });
}
