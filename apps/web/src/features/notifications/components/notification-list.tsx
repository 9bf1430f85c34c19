import type { Notification } from '@estudai/contract/constants';
import { BellOff, CheckCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { LoadMoreButton } from '../../../components/load-more.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAllRead, useMarkRead } from '../api/mark-read.ts';
import { NotificationItem } from './notification-item.tsx';

/** Only addresses inside the app are followed (never another site or a `javascript:` link). */
const isAppPath = (url: string | null): url is string =>
  Boolean(url?.startsWith('/') && !url.startsWith('//'));

/** The 'Geral' tab: clicking a notification marks it read and opens its actionUrl (spec §2). */
export function NotificationList({ unreadCount }: { unreadCount: number }) {
  const query = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const navigate = useNavigate();

  const handleOpen = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    if (isAppPath(notification.actionUrl)) navigate(notification.actionUrl);
  };

  if (!query.data) {
    if (!query.isError) return <ListSkeleton label="Carregando notificações" />;
    return (
      <ErrorState
        title="Não foi possível carregar as notificações."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const notifications = query.data.pages.flatMap((page) => page.data);
  if (notifications.length === 0) {
    return (
      <EmptyState icon={BellOff} title="Nenhuma notificação por aqui">
        Curtidas, comentários, menções e novos seguidores vão aparecer aqui.
      </EmptyState>
    );
  }
  const hasUnread = unreadCount > 0 || notifications.some((n) => !n.isRead);
  return (
    <div className="grid gap-3">
      {hasUnread && (
        <div className="flex justify-end">
          <Button
            variant="ghost"
            size="sm"
            disabled={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            <CheckCheck className="size-4" aria-hidden />
            Marcar todas como lidas
          </Button>
        </div>
      )}
      <ul aria-label="Notificações" className="grid gap-2">
        {notifications.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} onOpen={handleOpen} />
        ))}
      </ul>
      <LoadMoreButton query={query} />
    </div>
  );
}
