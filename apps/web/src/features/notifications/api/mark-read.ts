import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adjustCounts, getNotificationCountsQueryOptions } from './get-counts.ts';
import { getNotificationsQueryOptions, updateCachedNotifications } from './get-notifications.ts';

const markNotificationRead = (notificationId: string) =>
  api.post<{ isRead: true }>(`/notifications/${encodeURIComponent(notificationId)}/read`);

const markAllNotificationsRead = () => api.post<{ read: number }>('/notifications/read-all');

/** Spec §4: a notification is read once clicked. It shows read at once; a failure asks the server again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (notificationId) => {
      updateCachedNotifications(queryClient, (n) => (n.id === notificationId ? { ...n, isRead: true } : n));
      adjustCounts(queryClient, ({ unread }) => ({ unread: unread - 1 }));
    },
    onError: () => resync(queryClient),
  });
}

/** 'Marcar todas como lidas'. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      updateCachedNotifications(queryClient, (n) => ({ ...n, isRead: true }));
      adjustCounts(queryClient, () => ({ unread: 0 }));
    },
    onError: () => resync(queryClient),
  });
}

function resync(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: getNotificationCountsQueryOptions().queryKey });
}
