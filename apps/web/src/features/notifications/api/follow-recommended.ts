import { type FollowState, NOTIFICATION_MESSAGES } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshProfiles } from '../../../lib/queries/follows.ts';
import { toast } from '../../../lib/toast.ts';
import { getRecommendationsQueryOptions } from './get-recommendations.ts';

const followUser = (userId: string) => api.post<FollowState>(`/users/${encodeURIComponent(userId)}/follow`);

/** 'Seguir' on a recommendation: a §8 toast, and the person leaves the list. */
export function useFollowRecommended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followUser,
    onSuccess: async (_state, userId) => {
      queryClient.setQueryData(getRecommendationsQueryOptions().queryKey, (users) =>
        users?.filter((user) => user.userId !== userId),
      );
      toast({ title: NOTIFICATION_MESSAGES.followed });
      await refreshProfiles(queryClient);
    },
    onError: () => {
      toast({
        title: NOTIFICATION_MESSAGES.followFailedTitle,
        description: NOTIFICATION_MESSAGES.followFailed,
        variant: 'destructive',
      });
    },
  });
}
