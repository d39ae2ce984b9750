import { useMutation } from '@tanstack/react-query';
import { AuthResponseSchema, type AuthResponse } from '@portal/contract/auth';
import type { CreateAccount } from '@portal/contract/claims';
import { apiRequest } from '../../../lib/api-client.ts';
import { CLAIM_PATHS } from './claim-context.ts';

/**
 * POST /auth/create-account: the employee's account for a confirmed claim, for both variants (the
 * claim id names tenant and record). Answers the new account's token; only the public variant
 * stores it, an agent's own session stays.
 */
export function createAccount(input: CreateAccount): Promise<AuthResponse> {
  return apiRequest(CLAIM_PATHS.createAccount, { method: 'POST', body: input, schema: AuthResponseSchema });
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}
