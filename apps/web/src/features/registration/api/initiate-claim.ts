import { useMutation } from '@tanstack/react-query';
import { InitiateResponseSchema, type InitiateResponse } from '@portal/contract/claims';
import { apiRequest } from '../../../lib/api-client.ts';
import { CLAIM_PATHS, tenantHeaders, type ClaimContext } from './claim-context.ts';

export interface InitiateClaimInput {
  ssid: string;
  nin: string;
}

/** POST /verification/initiate (public) or /agent/verify (agent): SSID + NIN → claim id, next step. */
export function initiateClaim(context: ClaimContext, input: InitiateClaimInput): Promise<InitiateResponse> {
  return apiRequest(CLAIM_PATHS[context.variant].initiate, {
    method: 'POST',
    body: input,
    headers: tenantHeaders(context),
    schema: InitiateResponseSchema,
  });
}

export function useInitiateClaim(context: ClaimContext) {
  return useMutation({ mutationFn: (input: InitiateClaimInput) => initiateClaim(context, input) });
}
