import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AUTH_ROUTES } from '@portal/contract/routes/auth';
import { callApi } from '../../../lib/api-client.ts';
import { clearToken } from '../../../lib/auth-storage.ts';

/** Revokes the token on the server (every token of the user stops working). */
export async function logout(): Promise<void> {
  await callApi(AUTH_ROUTES.logout);
}

/**
 * Sign Out: asks the server to revoke, then — whatever the answer — forgets the token and the
 * cached data of this user and goes to /login.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearToken();
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });
  return { signOut: () => mutation.mutate(), isSigningOut: mutation.isPending };
}
