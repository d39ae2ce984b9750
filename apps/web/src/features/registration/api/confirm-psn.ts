import { useMutation } from '@tanstack/react-query';
import { ChallengeResponseSchema, type ChallengeResponse } from '@portal/contract/claims';
import { apiRequest } from '../../../lib/api-client.ts';
import { CLAIM_PATHS, tenantHeaders, type ClaimContext } from './claim-context.ts';

export interface ConfirmPsnInput {
  recordId: string;
  psn: string;
}

/** POST /verification/challenge (public) or /agent/challenge (agent): the PSN of the claim. */
export function confirmPsn(context: ClaimContext, input: ConfirmPsnInput): Promise<ChallengeResponse> {
  return apiRequest(CLAIM_PATHS[context.variant].challenge, {
    method: 'POST',
    body: input,
    headers: tenantHeaders(context),
    schema: ChallengeResponseSchema,
  });
}

export function useConfirmPsn(context: ClaimContext) {
  return useMutation({ mutationFn: (input: ConfirmPsnInput) => confirmPsn(context, input) });
}
