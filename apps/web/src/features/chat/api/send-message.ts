import { CHAT_MESSAGES, type ChatMessage } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toastChatError } from '../chat-error.ts';
import { addToThread, applyMessageToConversations, setBubbleStatus } from './chat-cache.ts';

interface SendMessageVariables {
  conversationId: string;
  content: string;
  /** Chosen once per message: a retry sends the same one, so the server never stores it twice. */
  clientId: string;
}

const sendMessage = ({ conversationId, content, clientId }: SendMessageVariables) =>
  api.post<ChatMessage>(`/chat/conversations/${encodeURIComponent(conversationId)}/messages`, {
    content,
    clientId,
  });

/** Sends with a bubble shown at once; the stored message replaces it, a failure marks it for retry. */
export function useSendMessage(senderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onMutate: ({ conversationId, content, clientId }) => {
      addToThread(queryClient, conversationId, [
        {
          id: `pending:${clientId}`,
          conversationId,
          senderId,
          content,
          clientId,
          isRead: false,
          createdAt: new Date().toISOString(),
          held: false,
          firstContact: false,
          hiddenByWords: false,
          status: 'sending',
        },
      ]);
    },
    onSuccess: (message) => {
      addToThread(queryClient, message.conversationId, [message]);
      applyMessageToConversations(queryClient, message, { countAsUnread: false });
    },
    onError: (error, { conversationId, clientId }) => {
      setBubbleStatus(queryClient, conversationId, clientId, 'failed');
      toastChatError(CHAT_MESSAGES.sendFailed, error);
    },
  });
}
