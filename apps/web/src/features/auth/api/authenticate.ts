import { useMutation } from '@tanstack/react-query';
import { API } from '@portal/contract/api-paths';
import { AuthResponseSchema, type AuthenticateRequest, type AuthResponse } from '@portal/contract/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export function authenticate(credentials: AuthenticateRequest): Promise<AuthResponse> {
  return apiRequest(API.authenticate, { method: 'POST', body: credentials, schema: AuthResponseSchema });
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
