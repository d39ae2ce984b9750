import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './time-zone.ts';
import { emailField, passwordField } from './tenant-users.ts';

export const CLAIM_MESSAGES = {
  initiateFailed: 'Verification failed. Please check your SSID and NIN.',
  challengeFailed: 'The provided PSN is incorrect.',
  challengePassed: 'Identity confirmed. Create your credentials.',
  tooManyAttempts: 'Too many incorrect attempts. Please try again in 15 minutes.',
  claimExpired: 'This verification has expired or was already used. Please start again.',
  challengeRequired: 'Confirm your PSN before creating the account.',
  accountFailed: 'Account creation failed. Please try again or contact support.',
  unexpected: 'An unexpected error occurred.',
  agentCreated: 'Account created successfully for the user!',
  publicCreated: 'Success! Your account has been created. Redirecting to your dashboard...',
  rateLimited: 'Too many attempts. Please wait a moment and try again.',
  unknownTenant: 'This portal address does not belong to any tenant.',
  reverifyOk: 'Re-verification successful! Your record is now pending final review.',
  reverifyMismatched:
    'Re-verification done: your details differ from your identity record at the national identity provider. A reviewer will look at your record; you will see its status change here.',
  reverifyNotFound:
    'Re-verification done: the national identity provider could not confirm your identity (no record, or no biometrics enrolled). A reviewer will look at your record; please contact your administrator.',
  /** An agent (never the public: no enumeration) names an employee who already has an account. */
  alreadyClaimed:
    'This employee already has an account. They can sign in on the login page with the email address of that account; if they can no longer reach it, the tenant administrator can help them recover access.',
  /** An agent (issue #33) names a person of the tenant outside the agent's assignment. */
  outsideAssignment:
    'This person is not in your assignment. Please direct them to the field team of their ministry or department.',
  reverifyFailed: 'Re-verification failed. Please check your details and try again.',
  notAwaiting: 'This record is not awaiting re-verification.',
  providerDown: 'The identity provider could not be reached. Please try again later.',
  loadRecordFailed: 'Could not load your record. Please try again later.',
  consentRequired:
    'Please read and accept the consent statement before your identity is checked: send consentVersion, the version of the statement accepted (GET /api/v1/claims/consent answers the statement and its current version).',
  consentOutdated:
    'The consent statement has changed since this page was loaded. Please reload the page, read the current statement and accept it.',
} as const;

/**
 * The consent statement shown before the identity check of a claim (issue #22, Nigeria Data
 * Protection Act 2023). The version is stored with the claim and in the audit trail: a change of
 * the text needs a new version, so that what a person accepted can be told afterwards.
 */
export const CLAIM_CONSENT = {
  version: 'NDPA-2023-v1',
  title: 'Consent to verify your identity',
  paragraphs: [
    'Your employer, the state government that runs this portal, is responsible for the personal data used here.',
    'To confirm that you are the person on your payroll record, it uses your National Identification Number (NIN) and your SSID: they are matched against your employment record and checked with the national identity provider, whose answer (whether the NIN is found, and the name, date of birth and other identity details it holds) is compared with the record.',
    'They are used for this check and to keep the payroll correct, and for nothing else, under the Nigeria Data Protection Act 2023.',
    'You may ask your employer, through its HR or payroll office, to see the data it holds about you, to correct it, or to explain a decision taken on your record.',
  ],
  /** The checkbox: the employee's own words, or the agent's for the employee beside them. */
  accept: {
    public: 'I have read this statement and agree to the use of my NIN and SSID as described.',
    agent:
      'The employee has read this statement (or I read it to them) and agrees to the use of their NIN and SSID as described.',
  },
} as const;
export const CONSENT_VERSION = CLAIM_CONSENT.version;

/** GET /api/v1/claims/consent (public): the statement a claim's consentVersion accepts. */
export const ConsentStatementSchema = z.object({
  version: z.string(),
  title: z.string(),
  paragraphs: z.array(z.string()),
  accept: z.object({ public: z.string(), agent: z.string() }),
});
export type ConsentStatement = z.infer<typeof ConsentStatementSchema>;

const trimmed = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(64);

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

/** What a re-verification says, by the state it led to: success only when the record awaits final review. */
export function reverifyMessageOf(newStatus: string): string {
  if (newStatus === 'PENDING_GRADE_VALIDATION') return CLAIM_MESSAGES.reverifyOk;
  if (newStatus === 'MISMATCHED') return CLAIM_MESSAGES.reverifyMismatched;
  return CLAIM_MESSAGES.reverifyNotFound;
}
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
