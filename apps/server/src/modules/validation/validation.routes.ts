import type { FastifyInstance } from 'fastify';
import { VALIDATION_ROUTES } from '@portal/contract/routes/validation';
import { serveRoute } from '../../access/route.ts';
import type { ValidationService } from './validation.service.ts';

export function validationRoutes(app: FastifyInstance, validation: ValidationService): void {
  serveRoute(app, VALIDATION_ROUTES.pendingQueue, async ({ actor, query }) =>
    validation.queue(actor, 'pending', query),
  );

  serveRoute(app, VALIDATION_ROUTES.mismatchedQueue, async ({ actor, query }) =>
    validation.queue(actor, 'mismatched', query),
  );

  serveRoute(app, VALIDATION_ROUTES.queueFacets, async ({ actor }) => validation.facets(actor));

  serveRoute(app, VALIDATION_ROUTES.record, async ({ actor, params }) => validation.record(actor, params.id));

  serveRoute(app, VALIDATION_ROUTES.edit, async ({ actor, params, body }) =>
    validation.edit(actor, params.id, body),
  );

  serveRoute(app, VALIDATION_ROUTES.decide, async ({ actor, params, body }) =>
    validation.decide(actor, params.id, body),
  );

  serveRoute(app, VALIDATION_ROUTES.approveMany, async ({ actor, body }) =>
    validation.approveMany(actor, body),
  );

  serveRoute(app, VALIDATION_ROUTES.resolve, async ({ actor, params, body }) =>
    validation.resolve(actor, params.id, body ?? {}),
  );

  serveRoute(app, VALIDATION_ROUTES.history, async ({ actor, params, query }) =>
    validation.history(actor, params.id, query),
  );
}
