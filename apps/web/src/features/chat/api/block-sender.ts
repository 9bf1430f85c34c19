import { BLOCK_MESSAGES, type BlockState, USER_MESSAGES } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { CHAT_KEY, POSTS_KEY } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';

const blockSender = (userId: string) => api.post<BlockState>(`/users/${encodeURIComponent(userId)}/block`);

/** 'Bloquear' on the safety card (issue 43): the existing block call, then the chat is asked again. */
export function useBlockSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockSender,
    onSuccess: async () => {
      toast({ title: BLOCK_MESSAGES.blockedTitle, description: BLOCK_MESSAGES.blocked });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [CHAT_KEY] }),
        queryClient.invalidateQueries({ queryKey: [POSTS_KEY] }),
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
