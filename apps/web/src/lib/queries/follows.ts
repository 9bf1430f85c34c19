import type { UserSummary } from '@estudai/contract/constants';
import { infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { getCurrentUserQueryOptions } from '../current-user.ts';
import { userKeys } from '../query-keys.ts';

// Who follows whom, as a profile's follower lists and a group's invite dialog show it.

const sessionKey = getCurrentUserQueryOptions().queryKey;

export type FollowDirection = 'followers' | 'following';
const PAGE_SIZE = 20;

/** Narrows a follow list: a name to match, or (a group's 'Convidar', issue 36) a group to leave out. */
interface FollowsFilter {
  search?: string;
  notInGroup?: string;
}

const getFollows = (
  userId: string,
  direction: FollowDirection,
  page: number,
  signal: AbortSignal | undefined,
  { search, notInGroup }: FollowsFilter,
) => {
  const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (search) params.set('q', search);
  if (notInGroup) params.set('notInGroup', notInGroup);
  return api.getPage<UserSummary>(`/users/${encodeURIComponent(userId)}/${direction}?${params}`, { signal });
};

/** Followers or followed people of a user, page after page; with `search`, those whose name matches. */
const getFollowsQueryOptions = (userId: string, direction: FollowDirection, filter: FollowsFilter = {}) =>
  infiniteQueryOptions({
    queryKey: [
      ...userKeys.person(userId),
      direction,
      ...(filter.search ? [filter.search] : []),
      ...(filter.notInGroup ? [{ notInGroup: filter.notInGroup }] : []),
    ],
    queryFn: ({ pageParam, signal }) => getFollows(userId, direction, pageParam, signal, filter),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useFollows = (
  userId: string,
  direction: FollowDirection,
  enabled: boolean,
  search = '',
  notInGroup?: string,
) =>
  useInfiniteQuery({
    ...getFollowsQueryOptions(userId, direction, { search, notInGroup }),
    enabled,
    // While the next letter's answer comes, the last one's names stay on screen.
    placeholderData: search ? (previous) => previous : undefined,
  });

/** Follows changed: every cached profile and follow list is asked again (not the session). */
export const refreshProfiles = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === sessionKey[0] && queryKey[1] !== sessionKey[1],
  });
