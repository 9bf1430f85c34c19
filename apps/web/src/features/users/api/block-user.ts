import {
  BLOCK_MESSAGES,
  type BlockedUser,
  type BlockState,
  USER_MESSAGES,
} from '@estudai/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshProfiles } from '../../../lib/queries/follows.ts';
import { CHAT_KEY, POSTS_KEY, personPostsKey } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';

const PAGE_SIZE = 20;

const blocksQueryKey = ['users', 'me', 'blocks'] as const;

const setBlocked = ({ userId, block }: { userId: string; block: boolean }) => {
  const path = `/users/${encodeURIComponent(userId)}/block`;
  return block ? api.post<BlockState>(path) : api.delete<BlockState>(path);
};

/** 'Usuários bloqueados', page after page. */
const getBlocksQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: blocksQueryKey,
    queryFn: ({ pageParam, signal }) =>
      api.getPage<BlockedUser>(`/users/me/blocks?page=${pageParam}&limit=${PAGE_SIZE}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useBlocks = () => useInfiniteQuery(getBlocksQueryOptions());

/**
 * Block or unblock (issue 21). Afterwards profiles, follow lists, every list of posts and the chat
 * are asked again: the other person's posts leave (or come back to) the feed at once. Their profile's
 * own posts are only marked stale: across a block the server answers them 404 (issue 37), so they are
 * asked again when the refreshed profile shows them, never while the old one is still on screen.
 */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    onSuccess: async ({ isBlocked }, { userId }) => {
      const personPosts = personPostsKey(userId);
      const isPersonPosts = (queryKey: readonly unknown[]) =>
        personPosts.every((part, i) => queryKey[i] === part);
      toast(
        isBlocked
          ? { title: BLOCK_MESSAGES.blockedTitle, description: BLOCK_MESSAGES.blocked }
          : { title: BLOCK_MESSAGES.unblockedTitle, description: BLOCK_MESSAGES.unblocked },
      );
      await Promise.all([
        refreshProfiles(queryClient),
        queryClient.invalidateQueries({
          queryKey: [POSTS_KEY],
          predicate: ({ queryKey }) => !isPersonPosts(queryKey),
        }),
        queryClient.invalidateQueries({ queryKey: personPosts, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: [CHAT_KEY] }),
        queryClient.invalidateQueries({ queryKey: blocksQueryKey }),
      ]);
    },
    onError: (error) =>
      toast({
        title: USER_MESSAGES.errorTitle,
        description: error.message || BLOCK_MESSAGES.failed,
        variant: 'destructive',
      }),
  });
}
