import { z } from 'zod';
import { AuditFilterSchema, AuditPageSchema, AuditQuerySchema } from '../audit.ts';
import { ApiErrorSchema } from '../errors.ts';
import { defineRoute } from './define-route.ts';

/**
 * A tenant admin reads its tenant's events; the global admin the platform's (events of no tenant:
 * tenants created, changed and deleted, provider settings, its own sign-ins). Nobody else.
 */
const roles = ['TENANT_ADMIN', 'GLOBAL_SUPER_ADMIN'] as const;
const tags = ['audit'];

/** The audit log (server: modules/audit/audit.routes.ts; issue #22). */
export const AUDIT_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/audit-events',
    roles,
    tags,
    summary:
      'Events newest first, filtered by actor, action, record (PSN or name) and days (in the tenant time zone, both included); total exact up to 10,000',
    query: AuditQuerySchema,
    response: AuditPageSchema,
    errors: { 400: ApiErrorSchema },
  }),
  export: defineRoute({
    method: 'GET',
    path: '/api/v1/audit-events/export',
    roles,
    tags,
    summary:
      'The filtered events as CSV (UTF-8 with BOM, CRLF; a cell that starts with =, +, -, @, tab or CR is neutralised as in the payroll file)',
    query: AuditFilterSchema,
    produces: ['text/csv'],
    response: z.any().describe('the CSV file'),
    errors: { 400: ApiErrorSchema },
  }),
};
