import type { FastifyInstance } from 'fastify';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { serveRoute } from '../../access/route.ts';
import type { CampaignsService } from './campaigns.service.ts';

export function campaignsRoutes(app: FastifyInstance, campaigns: CampaignsService): void {
  serveRoute(app, CAMPAIGNS_ROUTES.create, async ({ actor, body }) => campaigns.create(actor, body));
  serveRoute(app, CAMPAIGNS_ROUTES.list, async ({ actor }) => campaigns.list(actor));
  serveRoute(app, CAMPAIGNS_ROUTES.get, async ({ actor, params }) => campaigns.get(actor, params.id));
  serveRoute(app, CAMPAIGNS_ROUTES.extend, async ({ actor, params, body }) =>
    campaigns.extend(actor, params.id, body),
  );
  serveRoute(app, CAMPAIGNS_ROUTES.progress, async ({ actor, params }) =>
    campaigns.progress(actor, params.id),
  );
  serveRoute(app, CAMPAIGNS_ROUTES.excuse, async ({ actor, params, body }) =>
    campaigns.excuse(actor, params.id, body),
  );
}
