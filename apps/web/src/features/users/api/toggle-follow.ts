import { type FollowState, USER_MESSAGES } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshProfiles } from '../../../lib/queries/follows.ts';
import { POSTS_KEY } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';

const setFollowing = ({ userId, follow }: { userId: string; follow: boolean }) => {
  const path = `/users/${encodeURIComponent(userId)}/follow`;
  return follow ? api.post<FollowState>(path) : api.delete<FollowState>(path);
};

/** Follow or unfollow (spec §4); on success every profile and list refreshes and a toast shows. */
export function useToggleFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollowing,
    onSuccess: async ({ isFollowing }) => {
      toast({ title: isFollowing ? USER_MESSAGES.followedTitle : USER_MESSAGES.unfollowedTitle });
      // Both home feeds rank by whom one follows (decision 034): they start again from the top.
      void queryClient.invalidateQueries({ queryKey: [POSTS_KEY, 'feed'] });
      await refreshProfiles(queryClient);
    },
    onError: () => {
      toast({
        title: USER_MESSAGES.errorTitle,
        description: USER_MESSAGES.followFailed,
        variant: 'destructive',
      });
    },
  });
}
