import { CHAT_MESSAGES, type Conversation } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { toastChatError } from '../chat-error.ts';
import { getConversationsQueryOptions } from './get-conversations.ts';
import { getMutualFollowersQueryOptions } from './get-mutual-followers.ts';

const startConversation = (otherUserId: string) =>
  api.post<Conversation>('/chat/conversations', { otherUserId });

/** Opens (or finds) the conversation with a mutual follower. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: async (conversation) => {
      toast({
        title: CHAT_MESSAGES.started,
        description: `Agora você pode conversar com ${conversation.otherUser.displayName}.`,
      });
      await queryClient.invalidateQueries({ queryKey: getConversationsQueryOptions().queryKey });
    },
    onError: (error) => {
      toastChatError(CHAT_MESSAGES.startFailed, error);
      // Refused (403): they no longer follow back, so the list of whom one can chat with is out of date.
      if (error instanceof ApiError && error.status === 403) {
        void queryClient.invalidateQueries({ queryKey: getMutualFollowersQueryOptions().queryKey });
      }
    },
  });
}
