import type { FastifyInstance } from 'fastify';
import { EXPORTS_ROUTES } from '@portal/contract/routes/exports';
import { serveRoute } from '../../access/route.ts';
import type { ExportsService } from './exports.service.ts';

export function exportsRoutes(app: FastifyInstance, exportsService: ExportsService): void {
  serveRoute(app, EXPORTS_ROUTES.start, async ({ actor }) => exportsService.start(actor));

  serveRoute(app, EXPORTS_ROUTES.list, async ({ actor }) => exportsService.list(actor));

  serveRoute(app, EXPORTS_ROUTES.download, async ({ actor, params, reply }) => {
    const { job, fileName, stream } = await exportsService.download(actor, params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('content-length', String(job.sizeBytes))
      .header('x-checksum-sha256', job.sha256 ?? '')
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
