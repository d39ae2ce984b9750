import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './time-zone.ts';
import { requiredString } from './fields.ts';
import { cannotExceed } from './tenant-user-messages.ts';
import { emailField, passwordField } from './tenant-users.ts';
import { CLAIM_FIELD_MAX, CLAIM_MESSAGES } from './claim-texts.ts';

// The texts live without zod for the public claim page (issue #32); one import path.
export {
  CLAIM_MESSAGES,
  CLAIM_CONSENT,
  CONSENT_VERSION,
  CLAIM_FIELD_MAX,
  reverifyMessageOf,
} from './claim-texts.ts';

/** GET /api/v1/claims/consent (public): the statement a claim's consentVersion accepts. */
export const ConsentStatementSchema = z.object({
  version: z.string(),
  title: z.string(),
  paragraphs: z.array(z.string()),
  accept: z.object({ public: z.string(), agent: z.string() }),
});
export type ConsentStatement = z.infer<typeof ConsentStatementSchema>;

/**
 * An SSID, NIN or PSN: trimmed, required, at most CLAIM_FIELD_MAX characters. Its own message for
 * each check (a schema-wide message answered a 65-character SSID with 'SSID is required').
 */
const trimmed = (label: string) =>
  requiredString(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(CLAIM_FIELD_MAX, cannotExceed(CLAIM_FIELD_MAX));

/** The SSID and NIN that name a record (the identity form's fields). */
export const IdentitySchema = z.object({ ssid: trimmed('SSID'), nin: trimmed('NIN') });
/**
 * Starting a claim: the identity and the version of the consent statement accepted for it. The
 * server refuses a missing version and any version but CONSENT_VERSION before the identity is looked up.
 */
export const InitiateRequestSchema = IdentitySchema.extend({
  consentVersion: z.string({ error: CLAIM_MESSAGES.consentRequired }).max(64, CLAIM_MESSAGES.consentOutdated),
});
export type InitiateRequest = z.infer<typeof InitiateRequestSchema>;
/**
 * GET /claims/tenant: whose portal a public claim screen is (issue #31: 'Demo State'), by the
 * Host's subdomain or X-Tenant. Its name only: nothing else of a tenant is public.
 */
export const ClaimTenantSchema = z.object({
  name: z.string(),
  /** The tenant's time zone (issue #31 item 12): the claim screen's times are in it. */
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
});
export type ClaimTenant = z.infer<typeof ClaimTenantSchema>;

export const InitiateResponseSchema = z.object({
  recordId: z.string(),
  nextStep: z.enum(['CHALLENGE_PSN', 'CREATE_ACCOUNT']),
});
export type InitiateResponse = z.infer<typeof InitiateResponseSchema>;

export const ChallengeRequestSchema = z.object({ recordId: z.string().min(1).max(200), psn: trimmed('PSN') });
export const ChallengeResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type ChallengeResponse = z.infer<typeof ChallengeResponseSchema>;

export const CreateAccountSchema = z.object({
  email: emailField,
  password: passwordField,
  recordId: z.string().min(1).max(200),
});
export type CreateAccount = z.input<typeof CreateAccountSchema>;

export const ReverifyRequestSchema = z.object({ ssid: trimmed('SSID'), nin: trimmed('NIN') });
export const ReverifyResponseSchema = z.object({ newStatus: z.string(), message: z.string() });

export type ReverifyResponse = z.infer<typeof ReverifyResponseSchema>;

export const CLAIM_TTL_MS = 15 * 60 * 1000;
export const MAX_PSN_ATTEMPTS = 5;
export const CLAIM_HOLD_MS = 15 * 60 * 1000;

/**
 * One decision on the employee's own record, as the employee sees it (issue #22): when, the status
 * before and after, and the reason's label. Never who decided nor the reviewer's note: those may
 * name people and stay in the tenant's audit log.
 */
export const RecordDecisionSchema = z.object({
  at: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  reasonCode: z.string().nullable(),
  reasonLabel: z.string().nullable(),
});
export type RecordDecision = z.infer<typeof RecordDecisionSchema>;
export const RecordHistorySchema = z.object({ items: z.array(RecordDecisionSchema) });

/** The label of OTHER for the employee: its note is not shown, the tenant can say more. */
export const OTHER_REASON_FOR_EMPLOYEE = 'Other reason (your administrator can tell you more)';
export type RecordHistory = z.infer<typeof RecordHistorySchema>;

/**
 * The reason the employee reads for a status change a bulk verification made (issue #31 item 8):
 * one plain label whatever the outcome (the new status already says it); which fields differed and
 * which job stay in the tenant's history.
 */
export const BULK_VERIFICATION_FOR_EMPLOYEE = 'Checked against the identity source';
