import { useMutation } from '@tanstack/react-query';
import type { InitiateRequest, InitiateResponse } from '@portal/contract/claims';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { callApi } from '../../../lib/api-client.ts';
import { tenantHeaders, type ClaimContext } from './claim-context.ts';

/** SSID, NIN and the version of the consent statement accepted for the identity check. */
export type InitiateClaimInput = InitiateRequest;

/** POST /verification/initiate (public) or /agent/verify (agent): SSID + NIN + consent → claim id, next step. */
export function initiateClaim(context: ClaimContext, input: InitiateClaimInput): Promise<InitiateResponse> {
  const route = context.variant === 'public' ? CLAIMS_ROUTES.initiate : CLAIMS_ROUTES.agentInitiate;
  return callApi(route, { body: input, headers: tenantHeaders(context) });
}

export function useInitiateClaim(context: ClaimContext) {
  return useMutation({ mutationFn: (input: InitiateClaimInput) => initiateClaim(context, input) });
}
