import { useEffect, useReducer, useSyncExternalStore } from 'react';
import { getStoredToken, readSession, subscribeToToken, type Session } from './auth-storage.ts';

/** The pre-rendered first paint (src/field-prerender.tsx) is a signed-out visitor's. */
const signedOut = () => null;

/** setTimeout fires at once for delays above 2^31-1 ms (~24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The current session, re-rendering when this or another tab signs in or out, and when the
 * token expires (so guards send the user to /login without waiting for a navigation).
 */
export function useSession(): Session | null {
  const token = useSyncExternalStore(subscribeToToken, getStoredToken, signedOut);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const session = readSession(token);
  const expiresAt = session ? session.claims.exp * 1000 : null;

  useEffect(() => {
    if (expiresAt === null) return;
    const timer = window.setTimeout(rerender, Math.min(MAX_TIMER_MS, expiresAt - Date.now() + 1));
    return () => window.clearTimeout(timer);
  }, [expiresAt]);

  return session;
}
