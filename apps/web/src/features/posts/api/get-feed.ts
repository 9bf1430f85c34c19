import { DEFAULT_PAGE_SIZE, type Post } from '@estudai/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Where the next page starts: the cursor the server handed out, or a page number if it gave none. */
export type FeedPageParam = { cursor?: string; page?: number };

export function getFeed(param: FeedPageParam, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(DEFAULT_PAGE_SIZE) });
  if (param.cursor) query.set('cursor', param.cursor);
  else if (param.page) query.set('page', String(param.page));
  return api.getPage<Post>(`/posts?${query}`, { signal });
}

/** The main feed, newest first; each page is appended to the ones before (spec §4). */
export const getFeedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['posts', 'feed'],
    queryFn: ({ pageParam, signal }) => getFeed(pageParam, signal),
    initialPageParam: {} as FeedPageParam,
    getNextPageParam: (last, pages): FeedPageParam | undefined => {
      if (!last.hasMore) return undefined;
      return last.nextCursor ? { cursor: last.nextCursor } : { page: pages.length + 1 };
    },
  });

export const useFeed = () => useInfiniteQuery(getFeedQueryOptions());
