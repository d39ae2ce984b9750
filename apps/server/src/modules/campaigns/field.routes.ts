import type { FastifyInstance } from 'fastify';
import { FIELD_ROUTES } from '@portal/contract/routes/field';
import { serveRoute } from '../../access/route.ts';
import type { FieldService } from './field.service.ts';

export function fieldRoutes(app: FastifyInstance, field: FieldService): void {
  serveRoute(app, FIELD_ROUTES.desk, async ({ actor }) => field.desk(actor));
  serveRoute(app, FIELD_ROUTES.search, async ({ actor, query }) => field.search(actor, query.q));
  serveRoute(app, FIELD_ROUTES.person, async ({ actor, params }) => field.person(actor, params.id));
}
