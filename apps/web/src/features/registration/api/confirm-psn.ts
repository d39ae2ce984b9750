import { useMutation } from '@tanstack/react-query';
import type { ChallengeResponse } from '@portal/contract/claims';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { callApi } from '../../../lib/api-client.ts';
import { tenantHeaders, type ClaimContext } from './claim-context.ts';

export interface ConfirmPsnInput {
  recordId: string;
  psn: string;
}

/** POST /verification/challenge (public) or /agent/challenge (agent): the PSN of the claim. */
export function confirmPsn(context: ClaimContext, input: ConfirmPsnInput): Promise<ChallengeResponse> {
  const route = context.variant === 'public' ? CLAIMS_ROUTES.challenge : CLAIMS_ROUTES.agentChallenge;
  return callApi(route, { body: input, headers: tenantHeaders(context) });
}

export function useConfirmPsn(context: ClaimContext) {
  return useMutation({ mutationFn: (input: ConfirmPsnInput) => confirmPsn(context, input) });
}
