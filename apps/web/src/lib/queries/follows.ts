import type { UserSummary } from '@estudai/contract/constants';
import { infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { getCurrentUserQueryOptions } from '../current-user.ts';
import { userKeys } from '../query-keys.ts';

// Who follows whom, as a profile's follower lists and a group's invite dialog show it.

const sessionKey = getCurrentUserQueryOptions().queryKey;

export type FollowDirection = 'followers' | 'following';
const PAGE_SIZE = 20;

const getFollows = (
  userId: string,
  direction: FollowDirection,
  page: number,
  signal?: AbortSignal,
  search = '',
) =>
  api.getPage<UserSummary>(
    `/users/${encodeURIComponent(userId)}/${direction}?page=${page}&limit=${PAGE_SIZE}${
      search ? `&q=${encodeURIComponent(search)}` : ''
    }`,
    { signal },
  );

/** Followers or followed people of a user, page after page; with `search`, those whose name matches. */
const getFollowsQueryOptions = (userId: string, direction: FollowDirection, search = '') =>
  infiniteQueryOptions({
    queryKey: search
      ? [...userKeys.person(userId), direction, search]
      : [...userKeys.person(userId), direction],
    queryFn: ({ pageParam, signal }) => getFollows(userId, direction, pageParam, signal, search),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useFollows = (userId: string, direction: FollowDirection, enabled: boolean, search = '') =>
  useInfiniteQuery({
    ...getFollowsQueryOptions(userId, direction, search),
    enabled,
    // While the next letter's answer comes, the last one's names stay on screen.
    placeholderData: search ? (previous) => previous : undefined,
  });

/** Follows changed: every cached profile and follow list is asked again (not the session). */
export const refreshProfiles = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === sessionKey[0] && queryKey[1] !== sessionKey[1],
  });
