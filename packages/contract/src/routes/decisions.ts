import { z } from 'zod';
import { ApiErrorSchema } from '../errors.ts';
import {
  ApprovalApproveSchema,
  ApprovalDeclineSchema,
  ApprovalParamsSchema,
  ApprovalSchema,
  ApprovalsPageSchema,
  ApprovalsQuerySchema,
  ReasonCodeCreateSchema,
  ReasonCodeParamsSchema,
  ReasonCodeSchema,
  ReasonCodesSchema,
} from '../decisions.ts';
import { ExportChangesPageSchema, ExportChangesQuerySchema } from '../export-changes.ts';
import { defineRoute } from './define-route.ts';

/** A tenant's reason codes (server: modules/approvals/reason-codes.routes.ts; issue #22). */
export const REASON_CODES_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/tenant-admin/reason-codes',
    // A reviewer reads the list to reject (and its counts over their assignments).
    roles: ['TENANT_ADMIN', 'REVIEWER'],
    tags: ['reason-codes'],
    summary:
      "The tenant's reason codes (defaults and its own, active and retired), each with the records now REJECTED with it",
    response: ReasonCodesSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/api/v1/tenant-admin/reason-codes',
    roles: ['TENANT_ADMIN'],
    tags: ['reason-codes'],
    summary: 'Add a reason code {code, label, needsNote}',
    body: ReasonCodeCreateSchema,
    response: ReasonCodeSchema,
    status: 201,
    errors: { 400: ApiErrorSchema, 409: ApiErrorSchema },
  }),
  retire: defineRoute({
    method: 'DELETE',
    path: '/api/v1/tenant-admin/reason-codes/:code',
    roles: ['TENANT_ADMIN'],
    tags: ['reason-codes'],
    summary: 'Retire a reason code (no longer offered; the records that carry it keep it). OTHER stays.',
    params: ReasonCodeParamsSchema,
    response: ReasonCodeSchema,
    errors: { 404: ApiErrorSchema, 409: ApiErrorSchema },
  }),
};

const tags = ['approvals'];
const errors = { 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/** Four-eyes: actions awaiting a second approver (server: modules/approvals/approvals.routes.ts). */
export const APPROVALS_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/approvals',
    // A tenant admin sees the tenant's; a reviewer only their own (to follow and withdraw them).
    roles: ['TENANT_ADMIN', 'REVIEWER'],
    tags,
    summary:
      'Actions awaiting a second approver (status PENDING unless said), oldest first, with what the approver needs to see',
    query: ApprovalsQuerySchema,
    response: ApprovalsPageSchema,
    errors: { 400: ApiErrorSchema },
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/v1/approvals/:id/approve',
    roles: ['TENANT_ADMIN'],
    tags,
    summary:
      "Approve another user's action: the rejection or confirmation applies, the export is downloadable",
    params: ApprovalParamsSchema,
    body: ApprovalApproveSchema,
    response: ApprovalSchema,
    errors,
    fourEyes: 'CHECKER',
  }),
  decline: defineRoute({
    method: 'POST',
    path: '/api/v1/approvals/:id/decline',
    roles: ['TENANT_ADMIN'],
    tags,
    summary: "Decline another user's action with a note: the record returns to its status and queue",
    params: ApprovalParamsSchema,
    body: ApprovalDeclineSchema,
    response: ApprovalSchema,
    errors: { 400: ApiErrorSchema, ...errors },
    fourEyes: 'CHECKER',
  }),
  withdraw: defineRoute({
    method: 'POST',
    path: '/api/v1/approvals/:id/withdraw',
    roles: ['TENANT_ADMIN', 'REVIEWER'],
    tags,
    summary: 'Withdraw your own action awaiting approval: the record returns to its status and queue',
    params: ApprovalParamsSchema,
    response: ApprovalSchema,
    errors,
    fourEyes: 'CHECKER',
  }),
};

/**
 * The people behind an export awaiting approval (issue #30; server: modules/approvals/
 * export-changes.ts): who it adds to and removes from the payroll, a page at a time or as CSV.
 * A tenant admin's, as the export's approval.
 */
export const EXPORT_CHANGES_ROUTES = {
  page: defineRoute({
    method: 'GET',
    path: '/api/v1/approvals/:id/export-changes',
    roles: ['TENANT_ADMIN'],
    tags,
    summary:
      'The people an export awaiting approval adds to (ADDED) or removes from (REMOVED) the payroll since the last approved export, by ministry and name, each with the decision that moved them',
    params: ApprovalParamsSchema,
    query: ExportChangesQuerySchema,
    response: ExportChangesPageSchema,
    errors: { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
  }),
  csv: defineRoute({
    method: 'GET',
    path: '/api/v1/approvals/:id/export-changes/csv',
    roles: ['TENANT_ADMIN'],
    tags,
    summary:
      'The same people, added then removed, as CSV (UTF-8 with BOM, CRLF; a cell that starts with =, +, -, @, tab or CR is neutralised as in the payroll file); audited',
    params: ApprovalParamsSchema,
    produces: ['text/csv'],
    response: z.any().describe('the CSV file'),
    errors: { 403: ApiErrorSchema, 404: ApiErrorSchema },
  }),
};
