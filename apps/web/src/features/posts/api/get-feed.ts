import type { Post } from '@estudai/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { POSTS_KEY } from '../../../lib/query-keys.ts';
import { type FeedPageParam, feedPagePath } from './feed-path.ts';

export function getFeed(param: FeedPageParam, signal?: AbortSignal) {
  return api.getPage<Post>(feedPagePath(param), { signal });
}

/** The main feed, newest first; each page is appended to the ones before (spec §4). */
export const getFeedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [POSTS_KEY, 'feed'],
    queryFn: ({ pageParam, signal }) => getFeed(pageParam, signal),
    initialPageParam: {} as FeedPageParam,
    getNextPageParam: (last, pages): FeedPageParam | undefined => {
      if (!last.hasMore) return undefined;
      return last.nextCursor ? { cursor: last.nextCursor } : { page: pages.length + 1 };
    },
  });

export const useFeed = () => useInfiniteQuery(getFeedQueryOptions());
