import { z } from 'zod';
import { ApiErrorSchema } from '../errors.ts';
import { idSchema } from '../fields.ts';
import { RecordsPageSchema, RecordsQuerySchema } from '../records.ts';
import { BulkLegalBasisSchema } from '../tenants.ts';
import { BulkJobSchema, ComparisonRowSchema, DashboardStatsSchema } from '../verification.ts';
import { defineRoute } from './define-route.ts';

const roles = ['TENANT_ADMIN'] as const;
const tags = ['verification'];

/** Bulk verification, comparisons, potential ghosts and the tenant figures (server: modules/verification/verification.routes.ts). */
export const VERIFICATION_ROUTES = {
  startBulk: defineRoute({
    method: 'POST',
    path: '/api/v1/records/bulk-verify',
    roles,
    tags,
    summary: 'Start verifying every record that needs it against the identity provider',
    response: BulkJobSchema,
    status: 202,
    errors: { 409: ApiErrorSchema },
  }),
  startAccountCheck: defineRoute({
    method: 'POST',
    path: '/api/v1/records/account-check',
    roles,
    tags,
    summary:
      "Start checking every record's bank account with the tenant's account name provider (the bank's name and BVN)",
    response: BulkJobSchema,
    status: 202,
    errors: { 409: ApiErrorSchema },
  }),
  accountCheckJobs: defineRoute({
    method: 'GET',
    path: '/api/v1/account-check-jobs',
    roles,
    tags,
    summary: 'Account check jobs of the tenant, newest first',
    response: z.array(BulkJobSchema),
  }),
  legalBasis: defineRoute({
    method: 'GET',
    path: '/api/v1/tenant-admin/bulk-verification/legal-basis',
    roles,
    tags,
    summary:
      "The legal basis of the tenant's bulk verification (its provider settings' text, or the default)",
    response: BulkLegalBasisSchema,
  }),
  bulkJobs: defineRoute({
    method: 'GET',
    path: '/api/v1/bulk-jobs',
    roles,
    tags,
    summary: 'Bulk verification jobs of the tenant, newest first',
    response: z.array(BulkJobSchema),
  }),
  comparison: defineRoute({
    method: 'GET',
    path: '/api/v1/records/:id/comparison',
    roles: ['TENANT_ADMIN', 'REVIEWER'],
    tags,
    summary: "The record's compared fields against the source of truth",
    params: z.object({ id: idSchema('Record not found') }),
    response: z.array(ComparisonRowSchema),
    errors: { 404: ApiErrorSchema },
  }),
  notFound: defineRoute({
    method: 'GET',
    path: '/api/v1/records/flagged/not-in-sot',
    roles,
    tags,
    summary: 'Potential ghosts: records not found in the source of truth (or without biometrics)',
    query: RecordsQuerySchema,
    response: RecordsPageSchema,
  }),
  dashboardStats: defineRoute({
    method: 'GET',
    path: '/api/v1/tenant-admin/dashboard/stats',
    roles,
    tags,
    summary: 'The tenant overview figures',
    response: DashboardStatsSchema,
  }),
};
