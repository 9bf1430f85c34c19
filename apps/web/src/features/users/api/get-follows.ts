import type { UserSummary } from '@estudai/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userKey } from './get-profile.ts';

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
    queryKey: [...userKey(userId), direction],
    queryFn: ({ pageParam, signal }) => getFollows(userId, direction, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useFollows = (userId: string, direction: FollowDirection, enabled: boolean) =>
  useInfiniteQuery({ ...getFollowsQueryOptions(userId, direction), enabled });
