import { useNotificationCounts } from '../api/get-counts.ts';
import { CountBadge } from './count-badge.tsx';

const label = (count: number) => (count === 1 ? '1 novidade' : `${count} novidades`);

/** The tab bar's 'Notificações' badge: unread notifications plus pending connection requests. */
export function NotificationsTabBadge({ className }: { className?: string }) {
  const { data } = useNotificationCounts();
  const count = data ? data.unread + data.pendingRequests : 0;
  return <CountBadge count={count} label={label(count)} className={className} />;
}
