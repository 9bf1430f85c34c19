import type { VideoCategoryFilter, VideoListItem } from '@estudai/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Every videos query lives under this key, so one invalidation refreshes them all. */
export const VIDEOS_KEY = 'videos';

export interface VideoFilters {
  search: string;
  category: VideoCategoryFilter;
}

/** Spec §7: `GET /api/videos?search=&category=&page=`, the category left out when it is 'all'. */
function getVideos({ search, category }: VideoFilters, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ search });
  if (category !== 'all') query.set('category', category);
  query.set('page', String(page));
  return api.getPage<VideoListItem>(`/videos?${query}`, { signal });
}

/** The library for these filters; each change of filters starts again from page 1. */
const getVideosQueryOptions = (filters: VideoFilters) =>
  infiniteQueryOptions({
    queryKey: [VIDEOS_KEY, 'library', filters.search, filters.category],
    queryFn: ({ pageParam, signal }) => getVideos(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useVideos = (filters: VideoFilters) => useInfiniteQuery(getVideosQueryOptions(filters));
