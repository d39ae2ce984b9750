import { z } from 'zod';
import { AuthResponseSchema } from '../auth.ts';
import {
  ClaimTenantSchema,
  ChallengeRequestSchema,
  ChallengeResponseSchema,
  ConsentStatementSchema,
  CreateAccountSchema,
  InitiateRequestSchema,
  InitiateResponseSchema,
  RecordHistorySchema,
  ReverifyRequestSchema,
  ReverifyResponseSchema,
} from '../claims.ts';
import { ApiErrorSchema } from '../errors.ts';
import { CLAIM_PATHS } from '../claim-paths.ts';
import { FIELD_PATHS } from '../field-paths.ts';
import { idSchema } from '../fields.ts';
import { MasterRecordSchema } from '../records.ts';
import { defineRoute } from './define-route.ts';

const tags = ['claims'];
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };
/** Public claim calls: open, and exempt from CSRF (no session to ride on). */
const open = { public: true, csrf: false } as const;

const createAccount = {
  method: 'POST',
  ...open,
  tags,
  summary: 'Create the employee account of a confirmed claim',
  body: CreateAccountSchema,
  response: AuthResponseSchema,
  errors,
} as const;

/** Account claiming, by the employee or an agent, and the employee's own record (server: modules/claims/claims.routes.ts). */
export const CLAIMS_ROUTES = {
  /** Issue #31 item 6: a client written against SPEC.md learns what to accept and send. */
  consent: defineRoute({
    method: 'GET',
    path: '/api/v1/claims/consent',
    public: true,
    tags,
    summary:
      'The consent statement an employee accepts before a claim, and its current version (send it as consentVersion)',
    response: ConsentStatementSchema,
  }),
  initiate: defineRoute({
    method: 'POST',
    path: CLAIM_PATHS.initiate,
    ...open,
    tags,
    summary:
      'Start claiming an account with SSID, NIN and the accepted consent version, consentVersion (GET /api/v1/claims/consent; tenant from the Host or X-Tenant)',
    body: InitiateRequestSchema,
    response: InitiateResponseSchema,
    errors,
  }),
  challenge: defineRoute({
    method: 'POST',
    path: CLAIM_PATHS.challenge,
    ...open,
    tags,
    summary: 'Confirm the PSN of a claim',
    body: ChallengeRequestSchema,
    response: ChallengeResponseSchema,
    errors,
  }),
  createAccount: defineRoute({ ...createAccount, path: CLAIM_PATHS.createAccount }),
  /** SPEC §7 names the same call after the register-employee screen. */
  registerEmployee: defineRoute({ ...createAccount, path: '/api/v1/auth/register-employee' }),
  agentInitiate: defineRoute({
    method: 'POST',
    path: CLAIM_PATHS.agentInitiate,
    roles: ['AGENT'],
    tags,
    summary:
      'An agent starts a claim for an employee of their assignment (404 for a person of the tenant outside it)',
    body: InitiateRequestSchema,
    response: InitiateResponseSchema,
    errors: { ...errors, 404: ApiErrorSchema },
  }),
  agentChallenge: defineRoute({
    method: 'POST',
    path: CLAIM_PATHS.agentChallenge,
    roles: ['AGENT'],
    tags,
    summary: "An agent confirms the employee's PSN",
    body: ChallengeRequestSchema,
    response: ChallengeResponseSchema,
    errors,
  }),
  reverify: defineRoute({
    method: 'POST',
    path: FIELD_PATHS.reverify,
    roles: ['AGENT', 'SELF_SERVICE_USER'],
    tags,
    summary: 'Re-verify a record awaiting re-validation (the employee their own; agents their tenant’s)',
    params: z.object({ id: idSchema('Record not found') }),
    body: ReverifyRequestSchema,
    response: ReverifyResponseSchema,
    errors: { ...errors, 502: ApiErrorSchema },
  }),
  myRecord: defineRoute({
    method: 'GET',
    path: '/api/v1/users/me/record',
    roles: ['SELF_SERVICE_USER'],
    tags,
    summary: "The signed-in employee's own record",
    response: MasterRecordSchema,
    errors: { 404: ApiErrorSchema },
  }),
  tenant: defineRoute({
    method: 'GET',
    path: CLAIM_PATHS.tenant,
    ...open,
    tags,
    summary: "The name of the claim screen's tenant (from the Host or X-Tenant), to say whose portal it is",
    response: ClaimTenantSchema,
    errors: { 404: ApiErrorSchema },
  }),
  myRecordHistory: defineRoute({
    method: 'GET',
    path: '/api/v1/users/me/record/history',
    roles: ['SELF_SERVICE_USER'],
    tags,
    summary: "The decisions taken on the signed-in employee's own record: dates, statuses and reasons",
    response: RecordHistorySchema,
    errors: { 404: ApiErrorSchema },
  }),
};
