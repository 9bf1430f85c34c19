import { SESSION_ENDED_MESSAGE } from '@estudai/contract/constants';
import { useEffect } from 'react';
import { isEndingSession } from '../lib/api.ts';
import { useAuth } from '../lib/auth.tsx';
import { useRealtimeSocket } from '../lib/socket.ts';
import { toast } from '../lib/toast.ts';

/**
 * The server ended this tab's session (signed out on every device, a new password, a suspension, the
 * account's deletion) and closed its connection: the tab signs out at once, instead of at its next
 * request. Not when this tab is the one signing out: that flow says what happened itself.
 */
export function SessionListener() {
  const socket = useRealtimeSocket();
  const { setUser } = useAuth();
  useEffect(() => {
    if (!socket) return;
    const handleEnded = () => {
      if (isEndingSession()) return;
      toast({ title: SESSION_ENDED_MESSAGE });
      setUser(null);
    };
    socket.on('session:ended', handleEnded);
    return () => {
      socket.off('session:ended', handleEnded);
    };
  }, [socket, setUser]);
  return null;
}
