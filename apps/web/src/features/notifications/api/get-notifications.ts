import { DEFAULT_PAGE_SIZE, type Notification } from '@estudai/contract/constants';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api.ts';

const getNotifications = (page: number, signal?: AbortSignal) =>
  api.getPage<Notification>(`/notifications?page=${page}&limit=${DEFAULT_PAGE_SIZE}`, { signal });

/** The 'Geral' tab: the user's notifications, newest first, page after page. */
export const getNotificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'list'],
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ApiPage<Notification>, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useNotifications = () => useInfiniteQuery(getNotificationsQueryOptions());

type NotificationsData = InfiniteData<ApiPage<Notification>, number>;

/** Applies `change` to every cached notification (e.g. marking them read). */
export function updateCachedNotifications(
  queryClient: QueryClient,
  change: (notification: Notification) => Notification,
) {
  queryClient.setQueryData<NotificationsData>(getNotificationsQueryOptions().queryKey, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map(change) })) } : data,
  );
}
