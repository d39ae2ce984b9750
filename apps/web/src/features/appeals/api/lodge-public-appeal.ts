import { useMutation } from '@tanstack/react-query';
import type { PublicAppealCreate, PublicAppealLodged } from '@portal/contract/appeals';
import { APPEALS_ROUTES } from '@portal/contract/routes/appeals';
import { callApi } from '../../../lib/api-client.ts';

export interface LodgePublicAppealInput {
  body: PublicAppealCreate;
  /** The claim's tenant (X-Tenant of a public link), as its identity check was sent. */
  headers: Record<string, string> | undefined;
}

/** POST /appeals/public: no account, no session; the claim id stands for the checked identity. */
export function lodgePublicAppeal({ body, headers }: LodgePublicAppealInput): Promise<PublicAppealLodged> {
  return callApi(APPEALS_ROUTES.lodgePublic, { body, headers });
}

/** Nothing is cached to read again: the page shows the answer and no one's list changes on it. */
export function useLodgePublicAppeal() {
  return useMutation({ mutationFn: lodgePublicAppeal });
}
