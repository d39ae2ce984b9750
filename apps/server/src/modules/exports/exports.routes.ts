import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@portal/contract/errors';
import { ExportJobSchema } from '@portal/contract/exports';
import type { ExportsService } from './exports.service.ts';
import { idSchema } from '@portal/contract/fields';

const ADMIN = { roles: ['TENANT_ADMIN'] } as const;
const tags = ['exports'];

export function exportsRoutes(app: FastifyInstance, exportsService: ExportsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/records/export', {
    config: ADMIN,
    schema: {
      tags,
      summary: "Start a payroll export of the tenant's VALIDATED records",
      response: { 202: ExportJobSchema },
    },
    handler: async (request, reply) => reply.code(202).send(await exportsService.start(request.actor!)),
  });

  r.get('/api/v1/records/export-logs', {
    config: ADMIN,
    schema: { tags, summary: 'Export history, newest first', response: { 200: z.array(ExportJobSchema) } },
    handler: async (request) => exportsService.list(request.actor!),
  });

  r.get('/api/v1/records/export-logs/:id/download', {
    config: ADMIN,
    schema: {
      tags,
      summary:
        'The CSV file of a COMPLETED export, named payroll-{stateCode}-{YYYY-MM-DD}-{id}.csv (X-Checksum-SHA256 carries its SHA-256)',
      params: z.object({ id: idSchema('Export not found') }),
      produces: ['text/csv'],
      response: { 200: z.any().describe('the CSV file'), 404: ApiErrorSchema },
    },
    handler: async (request, reply) => {
      const { job, fileName, stream } = await exportsService.download(request.actor!, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('content-length', String(job.sizeBytes))
        .header('x-checksum-sha256', job.sha256 ?? '')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}
