import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageLoad } from '../lib/page-load.ts';

/** True when this document itself was loaded at `path` (not reached by an in-app navigation). */
function loadedAt(path: string): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  return entry !== undefined && new URL(entry.name).pathname === path;
}

/**
 * /login, /register-employee and the agent's dashboard are pages of their own (login.html,
 * register-employee.html, agent.html at `entry`; DECISIONS 200), not screens of the app: an in-app navigation there (Sign Out, a guard, an
 * expired session, 'Back to Login') loads the page. A server that sent the app for the path itself
 * (none of ours) gets the page's entry by its file name instead of a reload loop.
 */
export function LoadFieldPage({ entry }: { entry?: string }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    pageLoad.replace(loadedAt(pathname) ? `${entry ?? `${pathname}.html`}${search}` : `${pathname}${search}`);
  }, [entry, pathname, search]);
  return null;
}
