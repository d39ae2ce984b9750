import type { FastifyInstance } from 'fastify';
import { APPEALS_ROUTES } from '@portal/contract/routes/appeals';
import type { PublicTenantResolver } from '../../access/public-tenant.ts';
import { serveRoute } from '../../access/route.ts';
import { asPlatform, withTenant } from '../../platform/tenant-context.ts';
import type { PublicAppealService } from './public-appeal.service.ts';

/** The public appeal page's call (issue #34 item 4), tenant as the claim's later steps find it. */
export function publicAppealRoutes(
  app: FastifyInstance,
  deps: { publicAppeals: PublicAppealService; tenants: PublicTenantResolver },
): void {
  serveRoute(app, APPEALS_ROUTES.lodgePublic, async ({ body, request }) => {
    // The tenant the Host or X-Tenant names (its rows only), else the claim's own (as the platform).
    const named = await deps.tenants.named(request);
    const lodge = () => deps.publicAppeals.lodge(body, request.ip, named);
    return named ? withTenant(named, lodge) : asPlatform(lodge);
  });
}
