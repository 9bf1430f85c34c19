import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useIdle } from '../../../lib/idle.ts';

const getUnreadCount = (signal?: AbortSignal) => api.get<{ count: number }>('/chat/unread-count', { signal });

/** Messages from others not read yet, across every conversation. */
export const getUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['chat', 'unread-count'],
    queryFn: async ({ signal }) => (await getUnreadCount(signal)).count,
  });

/** The count, asked once the first screen is up (a badge can wait a moment; the feed should not). */
export const useUnreadCount = () => useQuery({ ...getUnreadCountQueryOptions(), enabled: useIdle() });
