import type { CurrentUser } from '@estudai/contract/constants';
import { matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { useAuth } from '../lib/auth.tsx';
import { routes } from '../lib/paths.ts';

// /privacidade is for everyone; /responsavel and a group's invite link (/convite/{code}) explain the
// invitation and ask to sign in first; /post/{id} is a shared post, read-only for a visitor.
const SIGNED_OUT_ROUTES = [
  routes.home,
  routes.auth,
  routes.authMgmt,
  routes.privacy,
  routes.guardian,
  routes.post,
  routes.groupInvite,
];
// /auth/mgmt is open to everyone: its links arrive by e-mail and the page signs out on load.
const UNVERIFIED_ROUTES = [routes.authMgmt, routes.verifyEmail, routes.privacy];
const SIGNED_OUT_ONLY_ROUTES = [routes.auth, routes.verifyEmail];

const matches = (pathname: string) => (pattern: string) => matchPath(pattern, pathname) !== null;

/** Spec §2: where a visitor in this state is sent instead, or null when the path is theirs. */
export function gateRedirect(user: CurrentUser | null, pathname: string): string | null {
  const isAt = matches(pathname);
  if (!user) {
    if (SIGNED_OUT_ROUTES.some(isAt)) return null;
    // The verification screen sends a visitor without a user to the login (spec /verify-email).
    return isAt(routes.verifyEmail) ? routes.auth : routes.home;
  }
  if (!user.emailVerified) return UNVERIFIED_ROUTES.some(isAt) ? null : routes.verifyEmail;
  return SIGNED_OUT_ONLY_ROUTES.some(isAt) ? routes.home : null;
}

export function RouteGate() {
  const { user, isLoading, isConfirming } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <LoadingScreen />;
  const redirect = gateRedirect(user, pathname);
  // A page that throws fails alone: each route has its error element (router.tsx), a shell page's
  // inside the shell.
  if (!redirect) return <Outlet />;
  // The stored user may be out of date (another account signed in since): never send anyone away on it.
  return isConfirming ? <LoadingScreen /> : <Navigate to={redirect} replace />;
}
