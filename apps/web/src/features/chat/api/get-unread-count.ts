import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getUnreadCount = (signal?: AbortSignal) =>
  api.get<{ count: number }>('/chat/unread-count', { signal });

/** Messages from others not read yet, across every conversation. */
export const getUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['chat', 'unread-count'],
    queryFn: async ({ signal }) => (await getUnreadCount(signal)).count,
  });

export const useUnreadCount = () => useQuery(getUnreadCountQueryOptions());
