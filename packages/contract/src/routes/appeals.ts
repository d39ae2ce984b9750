import { z } from 'zod';
import {
  APPEAL_MESSAGES,
  AppealAnswerSchema,
  AppealAskSchema,
  AppealAssignSchema,
  AppealAttachmentSchema,
  AppealCreateSchema,
  AppealDecideSchema,
  AppealSchema,
  AppealsPageSchema,
  AppealsQuerySchema,
  PublicAppealCreateSchema,
  PublicAppealLodgedSchema,
} from '../appeals.ts';
import { APPEAL_PATHS } from '../appeal-texts.ts';
import { ApiErrorSchema } from '../errors.ts';
import { idSchema } from '../fields.ts';
import { defineRoute } from './define-route.ts';

const tags = ['appeals'];
const params = z.object({ id: idSchema(APPEAL_MESSAGES.notFound) });
/** Who hears an appeal: tenant admins, and reviewers within their assignments. */
const handlers = ['TENANT_ADMIN', 'REVIEWER'] as const;
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/** Appeals and reinstatement, issue #34 (server: modules/appeals/appeals.routes.ts). */
export const APPEALS_ROUTES = {
  create: defineRoute({
    method: 'POST',
    path: APPEAL_PATHS.create,
    roles: ['SELF_SERVICE_USER', 'AGENT', 'TENANT_ADMIN'],
    tags,
    summary:
      'Lodge an appeal about a record that was rejected, confirmed as a ghost or suspended: an employee about their own record (recordId left out), a field agent with the person present or a tenant admin from a letter (recordId). 409 when the record is not off the payroll or an appeal about it is being heard',
    body: AppealCreateSchema,
    response: AppealSchema,
    status: 201,
    errors,
  }),
  lodgePublic: defineRoute({
    method: 'POST',
    path: '/api/v1/appeals/public',
    // As the claim's calls: open, and exempt from CSRF (no session to ride on).
    public: true,
    csrf: false,
    tags,
    summary:
      "Lodge an appeal on the public page, without an account: claimId is a claim that passed the claim's identity check (POST /verification/initiate with SSID and NIN, then /verification/challenge with the PSN; tenant from the Host or X-Tenant). For a suspended person only (409 otherwise); the claim is spent. Answers as the claim does for an expired, spent or unconfirmed claim (400) and is rate-limited with it (429)",
    body: PublicAppealCreateSchema,
    response: PublicAppealLodgedSchema,
    status: 201,
    errors: { ...errors, 429: ApiErrorSchema },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/appeals',
    roles: [...handlers, 'SELF_SERVICE_USER'],
    tags,
    summary:
      'The appeals queue, nearest deadline first (a reviewer: the records of their assignments; an employee: their own), filtered by status, deadline state and kind',
    query: AppealsQuerySchema,
    response: AppealsPageSchema,
    errors: { 400: ApiErrorSchema },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/appeals/:id',
    roles: [...handlers, 'SELF_SERVICE_USER', 'AGENT'],
    tags,
    summary:
      'One appeal with its questions and answers, attachments, decision and arrears (an employee: only their own; an agent: only one they lodged)',
    params,
    response: AppealSchema,
    errors: { 404: ApiErrorSchema },
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/api/v1/appeals/:id/assign',
    roles: handlers,
    tags,
    summary:
      'Give the appeal to a handler: a tenant admin, or a reviewer assigned to the record (a reviewer may take an appeal themselves)',
    params,
    body: AppealAssignSchema,
    response: AppealSchema,
    errors,
  }),
  ask: defineRoute({
    method: 'POST',
    path: '/api/v1/appeals/:id/ask',
    roles: handlers,
    tags,
    summary: 'Ask the appellant for more: they see the question on their profile and answer it',
    params,
    body: AppealAskSchema,
    response: AppealSchema,
    errors,
  }),
  answer: defineRoute({
    method: 'POST',
    path: '/api/v1/appeals/:id/answer',
    roles: ['SELF_SERVICE_USER', 'TENANT_ADMIN'],
    tags,
    summary:
      "The appellant's answer to the question waiting (a tenant admin enters one received by letter); the appeal returns to its handler",
    params,
    body: AppealAnswerSchema,
    response: AppealSchema,
    errors,
  }),
  decide: defineRoute({
    method: 'POST',
    path: '/api/v1/appeals/:id/decide',
    roles: handlers,
    tags,
    summary:
      'Decide with a code and a note the appellant sees. UPHELD or PARTLY_UPHELD returns the record to review (never straight to VALIDATED) with its arrears; with the second approver on, such a decision waits for a different tenant admin',
    params,
    body: AppealDecideSchema,
    response: AppealSchema,
    errors,
    fourEyes: 'MAKER',
  }),
  attach: defineRoute({
    method: 'POST',
    path: APPEAL_PATHS.attach,
    roles: ['SELF_SERVICE_USER', 'AGENT', 'TENANT_ADMIN'],
    tags,
    summary:
      'Attach a document (multipart field "file": PDF, PNG or JPEG, judged by its content; at most 5 MB) to an appeal still being heard',
    params,
    consumes: ['multipart/form-data'],
    files: ['file'],
    response: AppealAttachmentSchema,
    status: 201,
    errors: { ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
  }),
  attachment: defineRoute({
    method: 'GET',
    path: '/api/v1/appeals/:id/attachments/:attachmentId',
    roles: [...handlers, 'SELF_SERVICE_USER', 'AGENT'],
    tags,
    summary: 'Download an attachment (always as a download, never shown inline)',
    params: params.extend({ attachmentId: idSchema(APPEAL_MESSAGES.attachmentNotFound) }),
    produces: ['application/octet-stream'],
    errors: { 404: ApiErrorSchema },
  }),
  arrearsCsv: defineRoute({
    method: 'GET',
    path: '/api/v1/appeals/arrears.csv',
    roles: ['TENANT_ADMIN'],
    tags,
    summary:
      'The arrears owed to the reinstated, for the payroll office: each upheld appeal with its periods (the approved exports that left the person out) and the amount',
    produces: ['text/csv'],
  }),
};
