import { z } from 'zod';
import { ApiErrorSchema } from '../errors.ts';
import {
  FacetsSchema,
  NamedSchema,
  NotifyRequestSchema,
  NotifyResponseSchema,
  RecordsPageSchema,
  RecordsQuerySchema,
  RecordsSearchSchema,
  UploadHistoryEntrySchema,
  UploadRejectionSchema,
  UploadSummarySchema,
} from '../records.ts';
import { defineRoute } from './define-route.ts';

const roles = ['TENANT_ADMIN'] as const;
const tags = ['records'];

/** The master list: upload, browse, notify (server: modules/records/records.routes.ts). */
export const RECORDS_ROUTES = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/v1/records/upload',
    roles,
    tags,
    summary: 'Upload the master list (multipart field "file": .csv, .xlsx or .xls); all rows or none',
    consumes: ['multipart/form-data'],
    files: ['file'],
    response: UploadSummarySchema,
    errors: {
      400: ApiErrorSchema,
      413: ApiErrorSchema,
      415: ApiErrorSchema,
      422: UploadRejectionSchema,
    },
    // Issue #30: a re-upload that would take a person out of the payroll asks a second approver.
    fourEyes: 'MAKER',
  }),
  uploadTemplate: defineRoute({
    method: 'GET',
    path: '/api/v1/records/upload-template',
    roles,
    tags,
    summary: 'A CSV template with the recognised headers',
    produces: ['text/csv'],
  }),
  uploads: defineRoute({
    method: 'GET',
    path: '/api/v1/records/uploads',
    roles,
    tags,
    summary: 'Upload history of the tenant',
    response: z.array(UploadHistoryEntrySchema),
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/records',
    roles,
    tags,
    summary: 'Master records, paginated and filtered (ministry, department, grade, status, ids)',
    query: RecordsQuerySchema,
    response: RecordsPageSchema,
  }),
  search: defineRoute({
    method: 'POST',
    path: '/api/v1/records/search',
    roles,
    tags,
    summary: 'Master records for any number of ids (and the filters of GET /records), paginated',
    body: RecordsSearchSchema,
    response: RecordsPageSchema,
  }),
  facets: defineRoute({
    method: 'GET',
    path: '/api/v1/records/facets',
    roles,
    tags,
    summary: 'Filter values',
    response: FacetsSchema,
  }),
  ministries: defineRoute({
    method: 'GET',
    path: '/api/v1/tenant-admin/ministries',
    roles,
    tags,
    summary: 'Ministries of the tenant',
    response: z.array(NamedSchema),
  }),
  departments: defineRoute({
    method: 'GET',
    path: '/api/v1/tenant-admin/departments',
    roles,
    tags,
    summary: 'Departments of the tenant',
    response: z.array(NamedSchema),
  }),
  notify: defineRoute({
    method: 'POST',
    path: '/api/v1/records/notify',
    roles,
    tags,
    summary: 'Queue re-verification notices (email) for records',
    body: NotifyRequestSchema,
    response: NotifyResponseSchema,
  }),
};
