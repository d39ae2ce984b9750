import type { FastifyInstance } from 'fastify';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { serveRoute } from '../../access/route.ts';
import type { ScheduleService } from './schedule.service.ts';

export function scheduleRoutes(app: FastifyInstance, schedule: ScheduleService): void {
  serveRoute(app, CAMPAIGNS_ROUTES.schedule, async ({ actor, params }) => schedule.get(actor, params.id));
  serveRoute(app, CAMPAIGNS_ROUTES.replaceSchedule, async ({ actor, params, body }) =>
    schedule.replace(actor, params.id, body),
  );
  serveRoute(app, CAMPAIGNS_ROUTES.siteList, async ({ actor, params, query }) =>
    schedule.siteList(actor, params.id, query.site),
  );
}
