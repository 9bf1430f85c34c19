import type { UserSummary } from '@estudai/contract/constants';
import { infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { getCurrentUserQueryOptions } from '../current-user.ts';
import { userKeys } from '../query-keys.ts';

// Who follows whom, as a profile's follower lists and a group's invite dialog show it.

const sessionKey = getCurrentUserQueryOptions().queryKey;

export type FollowDirection = 'followers' | 'following';
const PAGE_SIZE = 20;

export const getFollows = (userId: string, direction: FollowDirection, page: number, signal?: AbortSignal) =>
  api.getPage<UserSummary>(
    `/users/${encodeURIComponent(userId)}/${direction}?page=${page}&limit=${PAGE_SIZE}`,
    {
      signal,
    },
  );

/** Followers or followed people of a user, page after page. */
export const getFollowsQueryOptions = (userId: string, direction: FollowDirection) =>
  infiniteQueryOptions({
    queryKey: [...userKeys.person(userId), direction],
    queryFn: ({ pageParam, signal }) => getFollows(userId, direction, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useFollows = (userId: string, direction: FollowDirection, enabled: boolean) =>
  useInfiniteQuery({ ...getFollowsQueryOptions(userId, direction), enabled });

/** Follows changed: every cached profile and follow list is asked again (not the session). */
export const refreshProfiles = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === sessionKey[0] && queryKey[1] !== sessionKey[1],
  });
