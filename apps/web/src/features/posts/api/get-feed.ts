import type { FeedKind, Post } from '@estudai/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { POSTS_KEY } from '../../../lib/query-keys.ts';
import { type FeedPageParam, feedPagePath } from './feed-path.ts';

function getFeed(param: FeedPageParam, feed: FeedKind, signal?: AbortSignal) {
  return api.getPage<Post>(feedPagePath(param, feed), { signal });
}

/** Both home feeds at once: what a new post or a follow invalidates. */
export const ALL_FEEDS_KEY = [POSTS_KEY, 'feed'] as const;

/** 'Para você' (default) or 'Seguindo'; each page is appended to the ones before (spec §4). */
export const getFeedQueryOptions = (feed: FeedKind = 'for_you') =>
  infiniteQueryOptions({
    queryKey: [...ALL_FEEDS_KEY, feed],
    queryFn: ({ pageParam, signal }) => getFeed(pageParam, feed, signal),
    initialPageParam: {} as FeedPageParam,
    getNextPageParam: (last, pages): FeedPageParam | undefined => {
      if (!last.hasMore) return undefined;
      return last.nextCursor ? { cursor: last.nextCursor } : { page: pages.length + 1 };
    },
  });

/** The address's parameter that picks the feed: `?feed=seguindo` is 'Seguindo' (issue 21). */
export const FEED_PARAM = 'feed';
export const FOLLOWING_VALUE = 'seguindo';

/** The feed an address asks for: the page shows it, the route's loader asks for its first page. */
export const feedKindOf = (params: URLSearchParams): FeedKind =>
  params.get(FEED_PARAM) === FOLLOWING_VALUE ? 'following' : 'for_you';

export const useFeed = (feed: FeedKind = 'for_you') => useInfiniteQuery(getFeedQueryOptions(feed));
