import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@portal/contract/errors';
import { RecordsPageSchema, RecordsQuerySchema } from '@portal/contract/records';
import { BulkJobSchema, ComparisonRowSchema, DashboardStatsSchema } from '@portal/contract/verification';
import type { RecordsService } from '../records/records.service.ts';
import type { VerificationService } from './verification.service.ts';
import { idSchema } from '@portal/contract/fields';

const ADMIN = { roles: ['TENANT_ADMIN'] } as const;
const tags = ['verification'];

export function verificationRoutes(
  app: FastifyInstance,
  verification: VerificationService,
  records: RecordsService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/records/bulk-verify', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Start verifying every record that needs it against the identity provider',
      response: { 202: BulkJobSchema, 409: ApiErrorSchema },
    },
    handler: async (request, reply) => reply.code(202).send(await verification.start(request.actor!)),
  });

  r.get('/api/v1/bulk-jobs', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Bulk verification jobs of the tenant, newest first',
      response: { 200: z.array(BulkJobSchema) },
    },
    handler: async (request) => verification.list(request.actor!),
  });

  r.get('/api/v1/records/:id/comparison', {
    config: { roles: ['TENANT_ADMIN', 'REVIEWER'] },
    schema: {
      tags,
      summary: "The record's compared fields against the source of truth",
      params: z.object({ id: idSchema('Record not found') }),
      response: { 200: z.array(ComparisonRowSchema), 404: ApiErrorSchema },
    },
    handler: async (request) => verification.comparison(request.actor!, request.params.id),
  });

  r.get('/api/v1/records/flagged/not-in-sot', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Potential ghosts: records not found in the source of truth (or without biometrics)',
      querystring: RecordsQuerySchema,
      response: { 200: RecordsPageSchema },
    },
    handler: async (request) => records.listNotFound(request.actor!, request.query),
  });

  r.get('/api/v1/tenant-admin/dashboard/stats', {
    config: ADMIN,
    schema: { tags, summary: 'The tenant overview figures', response: { 200: DashboardStatsSchema } },
    handler: async (request) => verification.dashboardStats(request.actor!),
  });
}
