import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_REPORT_CSV_COLUMNS, NO_SHOWS_CSV_COLUMNS } from '@portal/contract/campaigns';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { serveRoute } from '../../access/route.ts';
import { iterateInContext } from '../../platform/tenant-context.ts';
import type { CampaignsService } from './campaigns.service.ts';

export function campaignsRoutes(app: FastifyInstance, campaigns: CampaignsService): void {
  serveRoute(app, CAMPAIGNS_ROUTES.create, async ({ actor, body }) => campaigns.create(actor, body));
  serveRoute(app, CAMPAIGNS_ROUTES.list, async ({ actor }) => campaigns.list(actor));
  serveRoute(app, CAMPAIGNS_ROUTES.get, async ({ actor, params }) => campaigns.get(actor, params.id));
  serveRoute(app, CAMPAIGNS_ROUTES.extend, async ({ actor, params, body }) =>
    campaigns.extend(actor, params.id, body),
  );
  // Sent as serialized (and compressed) once per count: the contract checked it then.
  serveRoute(app, CAMPAIGNS_ROUTES.progress, async ({ actor, params, request, reply }) =>
    (await campaigns.progressAnswer(actor, params.id)).send(request, reply),
  );
  serveRoute(app, CAMPAIGNS_ROUTES.excuse, async ({ actor, params, body }) =>
    campaigns.excuse(actor, params.id, body),
  );
  serveRoute(app, CAMPAIGNS_ROUTES.noShows, async ({ actor, params, query }) =>
    campaigns.noShows(actor, params.id, query),
  );
  serveRoute(app, CAMPAIGNS_ROUTES.suspendNoShows, async ({ actor, params, body }) =>
    campaigns.suspendNoShows(actor, params.id, body),
  );
  serveRoute(app, CAMPAIGNS_ROUTES.reminders, async ({ actor, params }) =>
    campaigns.reminders(actor, params.id),
  );
  serveRoute(app, CAMPAIGNS_ROUTES.suspensions, async ({ actor, params }) =>
    campaigns.suspensions(actor, params.id),
  );
  serveRoute(app, CAMPAIGNS_ROUTES.noShowsCsv, async ({ actor, params, reply }) => {
    const { fileName, lines } = await campaigns.noShowsCsv(actor, params.id);
    async function* file() {
      // UTF-8 with a byte order mark, as the payroll file: spreadsheets then read the names right.
      yield Buffer.from(`\uFEFF${NO_SHOWS_CSV_COLUMNS.join(',')}\r\n`, 'utf8');
      for await (const block of lines) yield Buffer.from(block, 'utf8');
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(iterateInContext(file())));
  });
  serveRoute(app, CAMPAIGNS_ROUTES.report, async ({ actor, params }) => campaigns.report(actor, params.id));
  serveRoute(app, CAMPAIGNS_ROUTES.reportCsv, async ({ actor, params, reply }) => {
    const { fileName, lines } = await campaigns.reportCsv(actor, params.id);
    const body = [CAMPAIGN_REPORT_CSV_COLUMNS.join(','), ...lines].map((l) => `${l}\r\n`).join('');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(`\uFEFF${body}`);
  });
}
