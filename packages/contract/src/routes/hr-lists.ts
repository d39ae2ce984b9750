import { z } from 'zod';
import { ApiErrorSchema } from '../errors.ts';
import { HrListStateSchema, HrListUploadSummarySchema } from '../hr-lists.ts';
import { UploadRejectionSchema } from '../records.ts';
import { defineRoute } from './define-route.ts';

const roles = ['TENANT_ADMIN'] as const;
const tags = ['hr-lists'];

/** The HR lists beside the master list, issue #35 (server: modules/hr-lists/hr-lists.routes.ts). */
export const HR_LISTS_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/hr-lists',
    roles,
    tags,
    summary:
      "Each HR list (separations, nominal roll, salary table) with its last upload, or null; the nominal roll's with each ministry's roll and how many on it are not on the payroll",
    response: z.array(HrListStateSchema),
  }),
  uploadSeparations: defineRoute({
    method: 'POST',
    path: '/api/v1/hr-lists/separations/upload',
    roles,
    tags,
    summary:
      'Upload the separations list (multipart field "file": .csv, .xlsx or .xls), upserted by person (PSN, else NIN); all rows or none',
    consumes: ['multipart/form-data'],
    files: ['file'],
    response: HrListUploadSummarySchema,
    errors: {
      400: ApiErrorSchema,
      413: ApiErrorSchema,
      415: ApiErrorSchema,
      422: UploadRejectionSchema,
    },
  }),
  uploadNominalRoll: defineRoute({
    method: 'POST',
    path: '/api/v1/hr-lists/nominal-roll/upload',
    roles,
    tags,
    summary:
      'Upload a nominal roll (multipart field "file": .csv, .xlsx or .xls; optional field "asOf", YYYY-MM-DD, else today); it replaces the roll of the ministries it names, as of that date, and keeps the others; all rows or none. created: people new to their ministry\'s roll; updated: people kept on it',
    consumes: ['multipart/form-data'],
    files: ['file'],
    fields: ['asOf'],
    response: HrListUploadSummarySchema,
    errors: {
      400: ApiErrorSchema,
      413: ApiErrorSchema,
      415: ApiErrorSchema,
      422: UploadRejectionSchema,
    },
  }),
  uploadSalaryTable: defineRoute({
    method: 'POST',
    path: '/api/v1/hr-lists/salary-table/upload',
    roles,
    tags,
    summary:
      'Upload the salary table (multipart field "file": .csv, .xlsx or .xls); it replaces the table whole; all rows or none',
    consumes: ['multipart/form-data'],
    files: ['file'],
    response: HrListUploadSummarySchema,
    errors: {
      400: ApiErrorSchema,
      413: ApiErrorSchema,
      415: ApiErrorSchema,
      422: UploadRejectionSchema,
    },
  }),
  notOnPayrollCsv: defineRoute({
    method: 'GET',
    path: '/api/v1/hr-lists/nominal-roll/not-on-payroll.csv',
    roles,
    tags,
    summary:
      'The people on a nominal roll who are not on the master list (an HR discrepancy, not a ghost), as CSV',
    produces: ['text/csv'],
  }),
};
