import type { NotificationCounts } from '@estudai/contract/constants';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useIdle } from '../../../lib/idle.ts';

const getNotificationCounts = (signal?: AbortSignal) =>
  api.get<NotificationCounts>('/notifications/counts', { signal });

/** Unread notifications and pending connection requests: the badges of the tab bar and the tabs. */
export const getNotificationCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'counts'],
    queryFn: ({ signal }) => getNotificationCounts(signal),
  });

/** The counts, asked once the first screen is up (a badge can wait a moment; the feed should not). */
export const useNotificationCounts = () =>
  useQuery({ ...getNotificationCountsQueryOptions(), enabled: useIdle() });

/** Changes the cached counts (never below zero); nothing when they were never fetched. */
export function adjustCounts(
  queryClient: QueryClient,
  change: (counts: NotificationCounts) => Partial<NotificationCounts>,
) {
  queryClient.setQueryData(getNotificationCountsQueryOptions().queryKey, (counts) => {
    if (!counts) return counts;
    const next = { ...counts, ...change(counts) };
    return { unread: Math.max(0, next.unread), pendingRequests: Math.max(0, next.pendingRequests) };
  });
}
