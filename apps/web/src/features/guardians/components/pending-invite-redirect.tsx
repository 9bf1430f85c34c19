import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { invitePath, pendingInvite } from '../../../lib/guardian-invite.ts';
import { paths } from '../../../lib/paths.ts';

/** Back to /responsavel with the invitation a guardian opened before signing in. */
export function PendingInviteRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const token = pendingInvite();
    if (token && pathname !== paths.guardian()) navigate(invitePath(token), { replace: true });
  }, [navigate, pathname]);
  return null;
}
