import type { FastifyInstance } from 'fastify';
import { OVERVIEW_ROUTES } from '@portal/contract/routes/overview';
import { serveRoute } from '../../access/route.ts';
import type { OverviewService } from './overview.service.ts';

export function overviewRoutes(app: FastifyInstance, overview: OverviewService): void {
  serveRoute(app, OVERVIEW_ROUTES.platform, async () => overview.overview());
}
