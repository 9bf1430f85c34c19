import { useEffect } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { paths, routes } from '../../../lib/paths.ts';
import { pendingGroupInvite } from '../pending-group-invite.ts';

/** Back to /convite/{code}, the group invite link someone opened before signing in. */
export function GroupInviteRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const code = pendingGroupInvite();
    if (code && !matchPath(routes.groupInvite, pathname))
      navigate(paths.groupInvite(code), { replace: true });
  }, [navigate, pathname]);
  return null;
}
