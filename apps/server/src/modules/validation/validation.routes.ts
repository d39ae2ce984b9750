import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@portal/contract/errors';
import { FacetsSchema, MasterRecordSchema, PageQuerySchema } from '@portal/contract/records';
import {
  AuditPageSchema,
  BulkApproveResultSchema,
  BulkApproveSchema,
  QueuePageSchema,
  QueueQuerySchema,
  RecordEditSchema,
  ResolveMismatchSchema,
  ValidationDecisionSchema,
} from '@portal/contract/validation';
import type { ValidationService } from './validation.service.ts';
import { idSchema } from '@portal/contract/fields';

const REVIEWERS = { roles: ['TENANT_ADMIN', 'REVIEWER'] } as const;
const tags = ['validation'];
const Params = z.object({ id: idSchema('Record not found') });
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export function validationRoutes(app: FastifyInstance, validation: ValidationService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/records/queue/pending-approval', {
    config: REVIEWERS,
    schema: {
      tags,
      summary: 'Records awaiting approval (a reviewer sees their assignments only)',
      querystring: QueueQuerySchema,
      response: { 200: QueuePageSchema },
    },
    handler: async (request) => validation.queue(request.actor!, 'pending', request.query),
  });

  r.get('/api/v1/records/queue/mismatched', {
    config: REVIEWERS,
    schema: {
      tags,
      summary: 'Records whose data differs from the source of truth',
      querystring: QueueQuerySchema,
      response: { 200: QueuePageSchema },
    },
    handler: async (request) => validation.queue(request.actor!, 'mismatched', request.query),
  });

  r.get('/api/v1/records/queue/facets', {
    config: REVIEWERS,
    schema: {
      tags,
      summary: "Filter values of the queues (a reviewer's: those of their assignments)",
      response: { 200: FacetsSchema },
    },
    handler: async (request) => validation.facets(request.actor!),
  });

  r.put('/api/v1/records/:id', {
    config: REVIEWERS,
    schema: {
      tags,
      summary: 'Edit a record (a mismatched one is compared again)',
      params: Params,
      body: RecordEditSchema,
      response: { 200: MasterRecordSchema, ...errors },
    },
    handler: async (request) => validation.edit(request.actor!, request.params.id, request.body),
  });

  r.post('/api/v1/records/:id/validate', {
    config: REVIEWERS,
    schema: {
      tags,
      summary: 'Approve or reject a record',
      params: Params,
      body: ValidationDecisionSchema,
      response: { 200: MasterRecordSchema, ...errors },
    },
    handler: async (request) => validation.decide(request.actor!, request.params.id, request.body),
  });

  r.post('/api/v1/records/bulk-approve', {
    config: REVIEWERS,
    schema: {
      tags,
      summary: 'Approve the selected records of the pending queue (at most one page), each as if alone',
      body: BulkApproveSchema,
      response: { 200: BulkApproveResultSchema, 400: ApiErrorSchema },
    },
    handler: async (request) => validation.approveMany(request.actor!, request.body),
  });

  r.post('/api/v1/records/:id/resolve-mismatch', {
    config: REVIEWERS,
    schema: {
      tags,
      summary: "Accept the source of truth's values and validate",
      params: Params,
      body: ResolveMismatchSchema,
      response: { 200: MasterRecordSchema, ...errors },
    },
    handler: async (request) => validation.resolve(request.actor!, request.params.id, request.body ?? {}),
  });

  r.get('/api/v1/records/:id/audit', {
    config: REVIEWERS,
    schema: {
      tags,
      summary: "The record's history",
      params: Params,
      querystring: PageQuerySchema,
      response: { 200: AuditPageSchema, 404: ApiErrorSchema },
    },
    handler: async (request) => validation.history(request.actor!, request.params.id, request.query),
  });
}
