import {
  GROUP_REFUND_NOTIFICATION_TITLE,
  GROUP_REMOVED_NOTIFICATION_TITLE,
  type Notification,
  type NotificationCounts,
} from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { groupKeys } from '../../../lib/query-keys.ts';
import type { RealtimeSocket } from '../../../lib/socket.ts';
import { toast } from '../../../lib/toast.ts';
import { getNotificationCountsQueryOptions } from '../api/get-counts.ts';
import { getNotificationsQueryOptions } from '../api/get-notifications.ts';
import { getConnectionRequestsQueryOptions } from '../api/get-requests.ts';

/** Group notifications after which the member no longer sees the group's content. */
const ACCESS_LOST_TITLES = new Set<string>([
  GROUP_REMOVED_NOTIFICATION_TITLE,
  GROUP_REFUND_NOTIFICATION_TITLE,
]);

/**
 * The tab's notification listener (mounted once, in the shell): every open tab of the user gets a
 * new notification at once. The badges take the server's counts; the lists are asked again; a
 * toast shows it, except on the notifications screen itself, whose list simply refreshes.
 */
export function useNotificationsLive(socket: RealtimeSocket | null, isOnNotificationsPage: boolean) {
  const queryClient = useQueryClient();
  const onPage = useRef(isOnNotificationsPage);
  useEffect(() => {
    onPage.current = isOnNotificationsPage;
  }, [isOnNotificationsPage]);

  useEffect(() => {
    if (!socket) return;
    const countsKey = getNotificationCountsQueryOptions().queryKey;
    const seen = new Set<string>();

    const applyCounts = (counts: NotificationCounts) => {
      const previous = queryClient.getQueryData(countsKey);
      queryClient.setQueryData(countsKey, counts);
      // A request arrived or was answered on another tab.
      if (previous?.pendingRequests !== counts.pendingRequests) {
        void queryClient.invalidateQueries({ queryKey: getConnectionRequestsQueryOptions().queryKey });
      }
      return previous;
    };

    const handleNew = (notification: Notification, counts: NotificationCounts) => {
      if (seen.has(notification.id)) return;
      if (seen.size > 500) seen.clear();
      seen.add(notification.id);
      applyCounts(counts);
      void queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey });
      // A group's news shows on its page at once, not only in the list: a removal (or a refund) asks
      // the group again, which then hides its content; an announcement or a class asks those again.
      if (notification.type === 'study_group') {
        const lostAccess = ACCESS_LOST_TITLES.has(notification.title);
        const keys = lostAccess
          ? [groupKeys.details, groupKeys.lists]
          : [groupKeys.announcements, groupKeys.classes];
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }
      if (!onPage.current) toast({ title: notification.title, description: notification.message });
    };

    const handleCounts = (counts: NotificationCounts) => {
      const previous = applyCounts(counts);
      // Read on another tab: the list here shows it read too.
      if (previous?.unread !== counts.unread) {
        void queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey });
      }
    };

    // Whatever happened while there was no connection is asked again: after a drop, and also at
    // the first connection, since the screen's counts may have been fetched before it was open.
    const handleConnect = () => {
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    };

    socket.on('notification:new', handleNew);
    socket.on('notification:counts', handleCounts);
    socket.on('connect', handleConnect);
    // Over a WebSocket the first connection may open before this effect runs.
    if (socket.connected) handleConnect();
    return () => {
      socket.off('notification:new', handleNew);
      socket.off('notification:counts', handleCounts);
      socket.off('connect', handleConnect);
    };
  }, [socket, queryClient]);
}
