import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { TEMPLATE_HEADERS } from '@portal/contract/records';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { serveRoute } from '../../access/route.ts';
import type { NotifyService } from '../notifications/notify.service.ts';
import type { RecordsService } from './records.service.ts';
import { receiveFile, sweepStaleUploads } from './receive-upload.ts';
import type { UploadService } from './upload.service.ts';

export { sweepStaleUploads };

export function recordsRoutes(
  app: FastifyInstance,
  deps: { records: RecordsService; uploads: UploadService; notify: NotifyService; maxUploadBytes: number },
): void {
  app.addHook('onReady', async () => {
    const removed = sweepStaleUploads();
    if (removed > 0) app.log.info({ removed }, 'removed upload files left by a stopped process');
  });

  serveRoute(app, RECORDS_ROUTES.upload, async ({ actor, request }) => {
    const file = await receiveFile(request, deps.maxUploadBytes);
    try {
      return await deps.uploads.upload(actor, file);
    } finally {
      fs.rmSync(file.path, { force: true });
    }
  });

  serveRoute(app, RECORDS_ROUTES.uploadTemplate, async ({ reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="master-list-template.csv"')
      .send(`\uFEFF${TEMPLATE_HEADERS.join(',')}\r\n`),
  );

  serveRoute(app, RECORDS_ROUTES.uploads, async ({ actor }) => deps.records.uploads(actor));

  serveRoute(app, RECORDS_ROUTES.list, async ({ actor, query }) => deps.records.list(actor, query));

  serveRoute(app, RECORDS_ROUTES.search, async ({ actor, body }) => deps.records.list(actor, body), {
    // 100,000 ids of 36 characters, quoted, with the rest of the filter.
    bodyLimit: 8 * 1024 * 1024,
  });

  serveRoute(app, RECORDS_ROUTES.facets, async ({ actor }) => deps.records.facets(actor));

  serveRoute(app, RECORDS_ROUTES.ministries, async ({ actor }) => deps.records.ministries(actor));

  serveRoute(app, RECORDS_ROUTES.departments, async ({ actor }) => deps.records.departments(actor));

  serveRoute(app, RECORDS_ROUTES.notify, async ({ actor, body }) =>
    deps.notify.notify(actor, body.recordIds),
  );
}
