import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AUDIT_CSV_COLUMNS } from '@portal/contract/audit';
import { AUDIT_ROUTES } from '@portal/contract/routes/audit';
import { VALIDATION_ROUTES } from '@portal/contract/routes/validation';
import { VERIFICATION_ROUTES } from '@portal/contract/routes/verification';
import { serveRoute } from '../../access/route.ts';
import { iterateInContext } from '../../platform/tenant-context.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { AuditLogService } from './audit-log.service.ts';

export function auditRoutes(app: FastifyInstance, log: AuditLogService): void {
  serveRoute(app, AUDIT_ROUTES.list, async ({ actor, query }) => log.page(actor, query));

  serveRoute(app, AUDIT_ROUTES.export, async ({ actor, query, reply }) => {
    const { fileName, lines } = await log.csv(actor, query);
    async function* file() {
      // UTF-8 with a byte order mark, as the payroll file: spreadsheets then read the names right.
      yield Buffer.from(`\uFEFF${AUDIT_CSV_HEADER}\r\n`, 'utf8');
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

const AUDIT_CSV_HEADER = AUDIT_CSV_COLUMNS.join(',');

/**
 * The routes that show one record's personal data (issue #22: 'opening a record's comparison or
 * history'): each successful call is one RECORD_VIEWED event, about the record of its `:id`. A
 * hook, so the modules that serve them (verification, validation) need not know about it; a list
 * row is not a view.
 */
const RECORD_VIEWS = [VERIFICATION_ROUTES.comparison, VALIDATION_ROUTES.history, VALIDATION_ROUTES.record];
const VIEW_NOTES: Record<string, string> = {
  [VERIFICATION_ROUTES.comparison.path]: 'Comparison opened',
  [VALIDATION_ROUTES.history.path]: 'History opened',
  [VALIDATION_ROUTES.record.path]: 'Record opened',
};

export function auditRecordViews(app: FastifyInstance, audit: AuditRepo): void {
  const views = new Map(RECORD_VIEWS.map((r) => [`${r.method} ${r.path}`, r.path]));
  // Before the answer is sent (as the integrity hook): whoever saw the data, the trail has it.
  app.addHook('onSend', async (req, reply, payload) => {
    const view = views.get(`${req.method} ${req.routeOptions.url}`);
    const actor = req.actor;
    const recordId = (req.params as { id?: string } | undefined)?.id;
    if (!view || reply.statusCode !== 200 || !actor?.tenantId || !recordId) return payload;
    // A history's later pages are the same view: the first page is the opening.
    const page = (req.query as { page?: number | string } | undefined)?.page;
    if (page !== undefined && Number(page) > 1) return payload;
    await audit
      .append({
        tenantId: actor.tenantId,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action: 'RECORD_VIEWED',
        // Not 'record': the record's own history lists its changes, not who looked at it.
        entityType: 'record_view',
        entityId: recordId,
        recordId,
        note: VIEW_NOTES[view] ?? null,
        address: actor.address ?? null,
      })
      .catch((err: unknown) => req.log.error({ err }, 'record view not audited'));
    return payload;
  });
}
