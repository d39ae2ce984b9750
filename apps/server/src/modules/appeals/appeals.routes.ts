import type { FastifyInstance } from 'fastify';
import { APPEALS_ROUTES } from '@portal/contract/routes/appeals';
import { serveRoute } from '../../access/route.ts';
import type { AppealsService } from './appeals.service.ts';
import type { ArrearsReport } from './arrears-report.ts';

/** Appeals and reinstatement (issue #34); attachments and the arrears report have their own files. */
export function appealsRoutes(app: FastifyInstance, appeals: AppealsService, arrears: ArrearsReport): void {
  serveRoute(app, APPEALS_ROUTES.create, async ({ actor, body }) => appeals.lodge(actor, body));
  serveRoute(app, APPEALS_ROUTES.list, async ({ actor, query }) => appeals.list(actor, query));
  serveRoute(app, APPEALS_ROUTES.get, async ({ actor, params }) => appeals.get(actor, params.id));
  serveRoute(app, APPEALS_ROUTES.assign, async ({ actor, params, body }) =>
    appeals.assign(actor, params.id, body.handlerUserId),
  );
  serveRoute(app, APPEALS_ROUTES.ask, async ({ actor, params, body }) =>
    appeals.ask(actor, params.id, body.question),
  );
  serveRoute(app, APPEALS_ROUTES.answer, async ({ actor, params, body }) =>
    appeals.answer(actor, params.id, body.text),
  );
  serveRoute(app, APPEALS_ROUTES.decide, async ({ actor, params, body }) =>
    appeals.decide(actor, params.id, body),
  );
  serveRoute(app, APPEALS_ROUTES.arrearsCsv, async ({ actor, reply }) => {
    const { fileName, body } = await arrears.csv(actor);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
