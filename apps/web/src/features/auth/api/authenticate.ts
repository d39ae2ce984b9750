import { useMutation } from '@tanstack/react-query';
import type { AuthenticateRequest, AuthResponse } from '@portal/contract/auth';
import { AUTH_ROUTES } from '@portal/contract/routes/auth';
import { callApi } from '../../../lib/api-client.ts';

export function authenticate(credentials: AuthenticateRequest): Promise<AuthResponse> {
  return callApi(AUTH_ROUTES.authenticate, { body: credentials });
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
