import { z } from 'zod';
import { ApiErrorSchema } from '../errors.ts';
import { idSchema } from '../fields.ts';
import { FacetsSchema, MasterRecordSchema, PageQuerySchema } from '../records.ts';
import {
  AuditPageSchema,
  BulkApproveResultSchema,
  BulkApproveSchema,
  QueuePageSchema,
  QueueQuerySchema,
  RecordEditSchema,
  ResolveMismatchSchema,
  ValidationDecisionSchema,
} from '../validation.ts';
import { defineRoute } from './define-route.ts';

const roles = ['TENANT_ADMIN', 'REVIEWER'] as const;
const tags = ['validation'];
const params = z.object({ id: idSchema('Record not found') });
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/** Review queues, decisions and a record's history (server: modules/validation/validation.routes.ts). */
export const VALIDATION_ROUTES = {
  pendingQueue: defineRoute({
    method: 'GET',
    path: '/api/v1/records/queue/pending-approval',
    roles,
    tags,
    summary: 'Records awaiting approval (a reviewer sees their assignments only)',
    query: QueueQuerySchema,
    response: QueuePageSchema,
  }),
  mismatchedQueue: defineRoute({
    method: 'GET',
    path: '/api/v1/records/queue/mismatched',
    roles,
    tags,
    summary: 'Records whose data differs from the source of truth',
    query: QueueQuerySchema,
    response: QueuePageSchema,
  }),
  queueFacets: defineRoute({
    method: 'GET',
    path: '/api/v1/records/queue/facets',
    roles,
    tags,
    summary: "Filter values of the queues (a reviewer's: those of their assignments)",
    response: FacetsSchema,
  }),
  /**
   * One record with its identity and bank numbers in full (issue #31 item 3: a list masks them);
   * each call is a RECORD_VIEWED event. The edit dialog opens with it.
   */
  record: defineRoute({
    method: 'GET',
    path: '/api/v1/records/:id',
    roles,
    tags,
    summary: 'One record, in full (audited as a view; lists mask identity and bank numbers)',
    params,
    response: MasterRecordSchema,
    errors: { 404: ApiErrorSchema },
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/api/v1/records/:id',
    roles,
    tags,
    summary: 'Edit a record (a mismatched one is compared again)',
    params,
    body: RecordEditSchema,
    response: MasterRecordSchema,
    errors,
  }),
  decide: defineRoute({
    method: 'POST',
    path: '/api/v1/records/:id/validate',
    roles,
    tags,
    summary:
      'Approve or reject a record (a rejection names a reason code; with a second approver it awaits approval)',
    params,
    body: ValidationDecisionSchema,
    response: MasterRecordSchema,
    errors,
    fourEyes: 'MAKER',
  }),
  approveMany: defineRoute({
    method: 'POST',
    path: '/api/v1/records/bulk-approve',
    roles,
    tags,
    summary: 'Approve the selected records of the pending queue (at most one page), each as if alone',
    body: BulkApproveSchema,
    response: BulkApproveResultSchema,
    errors: { 400: ApiErrorSchema },
  }),
  resolve: defineRoute({
    method: 'POST',
    path: '/api/v1/records/:id/resolve-mismatch',
    roles,
    tags,
    summary: "Accept the source of truth's values and validate",
    params,
    body: ResolveMismatchSchema,
    response: MasterRecordSchema,
    errors,
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/v1/records/:id/audit',
    roles,
    tags,
    summary: "The record's history",
    params,
    query: PageQuerySchema,
    response: AuditPageSchema,
    errors: { 404: ApiErrorSchema },
  }),
};
