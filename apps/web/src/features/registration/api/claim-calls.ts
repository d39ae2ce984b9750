import type { AuthResponse } from '@portal/contract/auth';
import { CLAIM_PATHS } from '@portal/contract/claim-paths';
import type {
  ChallengeResponse,
  ClaimTenant,
  CreateAccount,
  InitiateRequest,
  InitiateResponse,
} from '@portal/contract/claims';
import { DEFAULT_TIME_ZONE } from '@portal/contract/zone-label';
import { fetchJson } from '../../../lib/fetch-json.ts';
import { tenantHeaders, type ClaimContext } from './claim-context.ts';

/*
 * The claim's calls on the public claim page (issue #32), by plain fetch: the same routes, bodies,
 * headers and failures as initiate-claim.ts, confirm-psn.ts, create-account.ts and claim-tenant.ts,
 * whose `callApi` checks answers with the contract's schemas, which this page does not load. The
 * answers are read by hand; `claim-calls.test.ts` holds each reader to its schema.
 */

/** An answer that is not the contract's: the step says its fixed failure text, as for a bad schema. */
export class UnexpectedAnswerError extends Error {
  override readonly name = 'UnexpectedAnswerError';
}

const fieldsOf = (body: unknown): Record<string, unknown> => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new UnexpectedAnswerError();
  return body as Record<string, unknown>;
};

const NEXT_STEPS: readonly InitiateResponse['nextStep'][] = ['CHALLENGE_PSN', 'CREATE_ACCOUNT'];

/** InitiateResponseSchema by hand. */
export function readInitiateResponse(body: unknown): InitiateResponse {
  const { recordId, nextStep } = fieldsOf(body);
  if (typeof recordId !== 'string' || !NEXT_STEPS.includes(nextStep as never))
    throw new UnexpectedAnswerError();
  return { recordId, nextStep: nextStep as InitiateResponse['nextStep'] };
}

/** ChallengeResponseSchema by hand. */
export function readChallengeResponse(body: unknown): ChallengeResponse {
  const { success, message } = fieldsOf(body);
  if (typeof success !== 'boolean' || typeof message !== 'string') throw new UnexpectedAnswerError();
  return { success, message };
}

/** AuthResponseSchema by hand. */
export function readAuthResponse(body: unknown): AuthResponse {
  const { token } = fieldsOf(body);
  if (typeof token !== 'string') throw new UnexpectedAnswerError();
  return { token };
}

/** ClaimTenantSchema by hand: a name, and the zone (the platform's when the answer has none). */
export function readClaimTenant(body: unknown): ClaimTenant {
  const { name, timeZone = DEFAULT_TIME_ZONE } = fieldsOf(body);
  if (typeof name !== 'string' || typeof timeZone !== 'string') throw new UnexpectedAnswerError();
  return { name, timeZone };
}

/** POST /verification/initiate (public) or /agent/verify (agent): SSID + NIN + consent → claim id, next step. */
export async function initiateClaim(context: ClaimContext, body: InitiateRequest): Promise<InitiateResponse> {
  const path = context.variant === 'public' ? CLAIM_PATHS.initiate : CLAIM_PATHS.agentInitiate;
  return readInitiateResponse(await fetchJson('POST', path, { body, headers: tenantHeaders(context) }));
}

/** POST /verification/challenge (public) or /agent/challenge (agent): the PSN of the claim. */
export async function confirmPsn(
  context: ClaimContext,
  body: { recordId: string; psn: string },
): Promise<ChallengeResponse> {
  const path = context.variant === 'public' ? CLAIM_PATHS.challenge : CLAIM_PATHS.agentChallenge;
  return readChallengeResponse(await fetchJson('POST', path, { body, headers: tenantHeaders(context) }));
}

/** POST /auth/create-account: the account of a confirmed claim (the claim id names tenant and record). */
export async function createAccount(body: CreateAccount): Promise<AuthResponse> {
  return readAuthResponse(await fetchJson('POST', CLAIM_PATHS.createAccount, { body }));
}

/** GET /claims/tenant (public): whose claim screen this is, by the Host's subdomain or `?tenant=`. */
export async function fetchClaimTenant(tenant: string | null): Promise<ClaimTenant> {
  return readClaimTenant(
    await fetchJson('GET', CLAIM_PATHS.tenant, { headers: tenantHeaders({ variant: 'public', tenant }) }),
  );
}
