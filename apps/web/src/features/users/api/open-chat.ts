import type { Conversation } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { CHAT_KEY } from '../../../lib/query-keys.ts';

const openChat = (otherUserId: string) => api.post<Conversation>('/chat/conversations', { otherUserId });

/** 'Mensagem' on a profile: finds or starts the conversation; the chat's lists are read again. */
export function useOpenChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openChat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CHAT_KEY] }),
  });
}
