import { useSyncExternalStore } from 'react';
import { getStoredToken, readSession, subscribeToToken, type Session } from './auth-storage.ts';

/**
 * The current session, re-rendering when this or another tab signs in or out. Expiry is checked
 * on every render (decoding the token is cheap), so a navigation after `exp` counts as logged out.
 */
export function useSession(): Session | null {
  const token = useSyncExternalStore(subscribeToToken, getStoredToken);
  return readSession(token);
}
