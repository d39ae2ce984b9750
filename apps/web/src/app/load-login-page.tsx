import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageLoad } from '../lib/page-load.ts';

/** True when this document itself was loaded at `path` (not reached by an in-app navigation). */
function loadedAt(path: string): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  return entry !== undefined && new URL(entry.name).pathname === path;
}

/**
 * /login is a page of its own (login.html, DECISIONS 200), not a screen of the app: an in-app
 * navigation there (Sign Out, a guard, an expired session, 'Back to Login') loads it. A server
 * that sent the app for /login itself (none of ours) gets the entry by its file name instead of a
 * reload loop.
 */
export function LoadLoginPage() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    pageLoad.replace(loadedAt(pathname) ? `/login.html${search}` : `${pathname}${search}`);
  }, [pathname, search]);
  return null;
}
