import { useLocation } from 'react-router';
import { routes } from '../../../lib/paths.ts';
import { useRealtimeSocket } from '../../../lib/socket.ts';
import { useNotificationsLive } from '../live/use-notifications-live.ts';

/** Keeps notifications live on every signed-in page (badges, lists, the toast). */
export function NotificationsListener() {
  const { pathname } = useLocation();
  const socket = useRealtimeSocket();
  useNotificationsLive(socket, pathname === routes.notifications);
  return null;
}
