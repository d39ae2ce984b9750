import { z } from 'zod';
import { ApiErrorSchema } from '../errors.ts';
import { ExportJobSchema } from '../exports.ts';
import { idSchema } from '../fields.ts';
import { defineRoute } from './define-route.ts';

const roles = ['TENANT_ADMIN'] as const;
const tags = ['exports'];

/** Payroll exports (server: modules/exports/exports.routes.ts). */
export const EXPORTS_ROUTES = {
  start: defineRoute({
    method: 'POST',
    path: '/api/v1/records/export',
    roles,
    tags,
    summary: "Start a payroll export of the tenant's VALIDATED records",
    response: ExportJobSchema,
    status: 202,
    // A grade that the salary grade id contradicts refuses the export (exports.service.ts).
    errors: { 409: ApiErrorSchema },
    fourEyes: 'MAKER',
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/records/export-logs',
    roles,
    tags,
    summary: 'Export history, newest first',
    response: z.array(ExportJobSchema),
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/v1/records/export-logs/:id/download',
    roles,
    tags,
    summary:
      'The CSV file of a COMPLETED export (409 while it awaits approval), named payroll-{stateCode}-{YYYY-MM-DD}-{id}.csv (X-Checksum-SHA256 carries its SHA-256)',
    params: z.object({ id: idSchema('Export not found') }),
    produces: ['text/csv'],
    response: z.any().describe('the CSV file'),
    errors: { 404: ApiErrorSchema, 409: ApiErrorSchema },
  }),
};
