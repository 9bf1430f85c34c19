import { type FollowState, NOTIFICATION_MESSAGES } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshProfiles } from '../../../lib/queries/follows.ts';
import { toast } from '../../../lib/toast.ts';
import { updateCachedNotifications } from './get-notifications.ts';

const followUser = (userId: string) => api.post<FollowState>(`/users/${encodeURIComponent(userId)}/follow`);

/** 'Seguir de volta' on a new follower's card: a §8 toast, and every card of theirs stops offering it. */
export function useFollowBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followUser,
    onSuccess: async (_state, userId) => {
      updateCachedNotifications(queryClient, (notification) =>
        notification.relatedUserId === userId && notification.followedBack === false
          ? { ...notification, followedBack: true }
          : notification,
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
