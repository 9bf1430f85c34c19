import type { ModerationActionEntry, ReportQueueItem } from '@estudai/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const PAGE_SIZE = 20;

/** Open reports, oldest first. */
const getReportQueueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['admin', 'reports'],
    queryFn: ({ pageParam, signal }) =>
      api.getPage<ReportQueueItem>(`/admin/reports?page=${pageParam}&limit=${PAGE_SIZE}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

/** Decisions already taken, newest first. */
const getModerationLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['admin', 'moderation-actions'],
    queryFn: ({ pageParam, signal }) =>
      api.getPage<ModerationActionEntry>(`/admin/moderation-actions?page=${pageParam}&limit=${PAGE_SIZE}`, {
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useReportQueue = () => useInfiniteQuery(getReportQueueQueryOptions());
export const useModerationLog = () => useInfiniteQuery(getModerationLogQueryOptions());
