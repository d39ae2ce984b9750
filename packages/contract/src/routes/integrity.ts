import { ApiErrorSchema } from '../errors.ts';
import {
  CrossTenantPairsSchema,
  FlagIdParamsSchema,
  FlagsPageSchema,
  FlagsQuerySchema,
  IntegrityDecisionSchema,
  IntegrityFlagSchema,
  IntegritySummarySchema,
} from '../integrity.ts';
import { defineRoute } from './define-route.ts';

/** A tenant admin sees the whole tenant; a reviewer the flags of their assigned ministries and departments. */
const roles = ['TENANT_ADMIN', 'REVIEWER'] as const;
const tags = ['integrity'];

/** Payroll integrity rules (server: modules/integrity/integrity.routes.ts; issue #21). */
export const INTEGRITY_ROUTES = {
  summary: defineRoute({
    method: 'GET',
    path: '/api/v1/integrity/summary',
    roles,
    tags,
    summary:
      "Each rule's flagged records and monthly pay at stake (naira, exact to the kobo), the totals (each record once) and the evaluation's status",
    response: IntegritySummarySchema,
  }),
  flags: defineRoute({
    method: 'GET',
    path: '/api/v1/integrity/flags',
    roles,
    tags,
    summary:
      'Flags with their evidence, by rule, ministry, department, status (OPEN unless said) and a search of the flagged person by name, PSN or Work ID (q), largest pay first',
    query: FlagsQuerySchema,
    response: FlagsPageSchema,
    errors: { 400: ApiErrorSchema },
  }),
  decide: defineRoute({
    method: 'POST',
    path: '/api/v1/integrity/flags/:id/decision',
    roles,
    tags,
    summary:
      'CONFIRM (the record is rejected and leaves the payroll export; with a second approver it awaits approval) with a reason code of the tenant, or DISMISS (closed while the evidence stays the same) with a reason',
    params: FlagIdParamsSchema,
    body: IntegrityDecisionSchema,
    response: IntegrityFlagSchema,
    errors: { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
    fourEyes: 'MAKER',
  }),
  evaluate: defineRoute({
    method: 'POST',
    path: '/api/v1/integrity/evaluate',
    roles: ['TENANT_ADMIN'],
    tags,
    summary: 'Evaluate the rules now (they also run after every upload, bulk verification and decision)',
    response: IntegritySummarySchema,
    status: 202,
  }),
  crossTenantPairs: defineRoute({
    method: 'GET',
    path: '/api/v1/global-admin/integrity/cross-tenant',
    roles: ['GLOBAL_SUPER_ADMIN'],
    tags: ['global-admin'],
    summary:
      "For each pair of tenants whose payrolls share a NIN, BVN or bank account (the keyed cross-tenant index): how many records of each are on the other's payroll, by identifier; counts, never people",
    response: CrossTenantPairsSchema,
  }),
};
