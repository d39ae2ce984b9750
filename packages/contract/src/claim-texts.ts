/**
 * The claim's texts and the consent statement, without zod: the public claim page (issue #32) shows
 * them and loads no schema library. `claims.ts` builds the schemas and re-exports these.
 */

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

/** The longest SSID, NIN or PSN a claim takes (after trimming): the schemas' `.max(64)`. */
export const CLAIM_FIELD_MAX = 64;

/** What a re-verification says, by the state it led to: success only when the record awaits final review. */
export function reverifyMessageOf(newStatus: string): string {
  if (newStatus === 'PENDING_GRADE_VALIDATION') return CLAIM_MESSAGES.reverifyOk;
  if (newStatus === 'MISMATCHED') return CLAIM_MESSAGES.reverifyMismatched;
  return CLAIM_MESSAGES.reverifyNotFound;
}
