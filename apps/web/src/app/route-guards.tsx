import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { homeForRole, type Role } from '@portal/contract/roles';
import { useSession } from '../lib/use-session.ts';

const LOGIN_PATH = '/login';

/** Login guard (SPEC §2): anyone not logged in goes to /login. */
export function RequireLogin() {
  const session = useSession();
  return session ? <Outlet /> : <Navigate to={LOGIN_PATH} replace />;
}

/** Role guard (SPEC §2, §8): not logged in, or another role, goes to /login. */
export function RequireRole({ role }: { role: Role }) {
  const session = useSession();
  return session?.claims.role === role ? <Outlet /> : <Navigate to={LOGIN_PATH} replace />;
}

/**
 * A logged-in visitor of an open screen such as /login goes to the home of their role, in the app
 * (the sign-in page does the same when loaded, DECISIONS 200). Roles without a dashboard (home is
 * /login itself) stay, so they can sign out.
 */
export function RedirectLoggedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const home = homeForRole(session?.claims.role);
  return session && home !== LOGIN_PATH ? <Navigate to={home} replace /> : children;
}

/** /dashboard itself has no screen: send the user on to their role's dashboard. */
export function RoleHomeRedirect() {
  const session = useSession();
  return <Navigate to={homeForRole(session?.claims.role)} replace />;
}
