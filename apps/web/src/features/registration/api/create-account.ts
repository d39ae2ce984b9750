import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '@portal/contract/auth';
import type { CreateAccount } from '@portal/contract/claims';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { callApi } from '../../../lib/api-client.ts';

/**
 * POST /auth/create-account: the employee's account for a confirmed claim, for both variants (the
 * claim id names tenant and record). Answers the new account's token; only the public variant
 * stores it, an agent's own session stays.
 */
export function createAccount(input: CreateAccount): Promise<AuthResponse> {
  return callApi(CLAIMS_ROUTES.createAccount, { body: input });
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}
