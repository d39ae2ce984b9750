import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { EXPORT_CHANGES_CSV_COLUMNS } from '@portal/contract/export-changes';
import {
  APPROVALS_ROUTES,
  EXPORT_CHANGES_ROUTES,
  REASON_CODES_ROUTES,
} from '@portal/contract/routes/decisions';
import { iterateInContext } from '../../platform/tenant-context.ts';
import type { ExportChanges } from './export-changes.ts';
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

/** The people an export awaiting approval adds and removes (issue #30): a page, or the CSV. */
export function exportChangesRoutes(app: FastifyInstance, changes: ExportChanges): void {
  serveRoute(app, EXPORT_CHANGES_ROUTES.page, async ({ actor, params, query }) =>
    changes.page(actor, params.id, query),
  );
  serveRoute(app, EXPORT_CHANGES_ROUTES.csv, async ({ actor, params, reply }) => {
    const { fileName, lines } = await changes.csv(actor, params.id);
    async function* file() {
      // UTF-8 with a byte order mark, as the payroll file: spreadsheets then read the names right.
      yield Buffer.from(`\uFEFF${EXPORT_CHANGES_CSV_COLUMNS.join(',')}\r\n`, 'utf8');
      for await (const block of lines) yield Buffer.from(block, 'utf8');
    }
    return (
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        // Its batches are read as the client takes them, in the reader's tenant's context.
        .send(Readable.from(iterateInContext(file())))
    );
  });
}
