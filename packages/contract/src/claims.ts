import { z } from 'zod';
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
  reverifyFailed: 'Re-verification failed. Please check your details and try again.',
  notAwaiting: 'This record is not awaiting re-verification.',
  providerDown: 'The identity provider could not be reached. Please try again later.',
  loadRecordFailed: 'Could not load your record. Please try again later.',
} as const;

const trimmed = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(64);

export const InitiateRequestSchema = z.object({ ssid: trimmed('SSID'), nin: trimmed('NIN') });
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
