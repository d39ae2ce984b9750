import type { FastifyInstance } from 'fastify';
import { TENANTS_ROUTES } from '@portal/contract/routes/tenants';
import { serveRoute } from '../../access/route.ts';
import type { UserAdminService } from '../users/user-admin.service.ts';
import type { SmsGateways } from './sms-gateway.ts';
import type { TenantsService } from './tenants.service.ts';

export function tenantsRoutes(
  app: FastifyInstance,
  tenants: TenantsService,
  userAdmin: UserAdminService,
  smsGateways: SmsGateways,
): void {
  serveRoute(app, TENANTS_ROUTES.smsGateway, async ({ params }) => smsGateways.view(params.id));
  serveRoute(app, TENANTS_ROUTES.setSmsGateway, async ({ actor, params, body }) =>
    smsGateways.set(actor, params.id, body),
  );

  serveRoute(app, TENANTS_ROUTES.list, async () => tenants.list());

  serveRoute(app, TENANTS_ROUTES.create, async ({ actor, body }) => tenants.create(actor, body));

  serveRoute(app, TENANTS_ROUTES.update, async ({ actor, params, body }) =>
    tenants.update(actor, params.id, body),
  );

  serveRoute(app, TENANTS_ROUTES.delete, async ({ actor, params }) => {
    await tenants.delete(actor, params.id);
    return null;
  });

  serveRoute(app, TENANTS_ROUTES.checkSubdomain, async ({ params }) =>
    tenants.isSubdomainAvailable(params.subdomain),
  );

  serveRoute(app, TENANTS_ROUTES.users, async ({ params }) => tenants.users(params.id));

  serveRoute(app, TENANTS_ROUTES.testConnection, async ({ params }) => tenants.testConnection(params.id));

  serveRoute(app, TENANTS_ROUTES.testAccountProvider, async ({ params }) =>
    tenants.testAccountProvider(params.id),
  );

  serveRoute(app, TENANTS_ROUTES.registerUser, async ({ actor, body }) => userAdmin.create(actor, body));
}
