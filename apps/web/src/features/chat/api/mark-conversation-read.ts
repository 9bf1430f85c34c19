import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { clearUnread } from './chat-cache.ts';

const markConversationRead = (conversationId: string) =>
  apiRequest<{ read: number }>(`/chat/conversations/${encodeURIComponent(conversationId)}/read`, {
    method: 'PUT',
  });

/** The other's messages in the open thread become read; their badges go away. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_, conversationId) => clearUnread(queryClient, conversationId),
  });
}
