import type { FastifyInstance } from 'fastify';
import { APPROVALS_ROUTES, REASON_CODES_ROUTES } from '@portal/contract/routes/decisions';
import { serveRoute } from '../../access/route.ts';
import type { FourEyes } from './four-eyes.ts';
import type { ReasonCodesService } from './reason-codes.ts';

/** A tenant's reason codes and the actions awaiting a second approver (issue #22). */
export function approvalsRoutes(
  app: FastifyInstance,
  reasonCodes: ReasonCodesService,
  fourEyes: FourEyes,
): void {
  serveRoute(app, REASON_CODES_ROUTES.list, async ({ actor }) => reasonCodes.list(actor));
  serveRoute(app, REASON_CODES_ROUTES.add, async ({ actor, body }) => reasonCodes.add(actor, body));
  serveRoute(app, REASON_CODES_ROUTES.retire, async ({ actor, params }) =>
    reasonCodes.retire(actor, params.code),
  );

  serveRoute(app, APPROVALS_ROUTES.list, async ({ actor, query }) => fourEyes.list(actor, query));
  serveRoute(app, APPROVALS_ROUTES.approve, async ({ actor, params, body }) =>
    fourEyes.approve(actor, params.id, body?.note?.trim() || null),
  );
  serveRoute(app, APPROVALS_ROUTES.decline, async ({ actor, params, body }) =>
    fourEyes.decline(actor, params.id, body.note),
  );
  serveRoute(app, APPROVALS_ROUTES.withdraw, async ({ actor, params }) =>
    fourEyes.withdraw(actor, params.id),
  );
}
