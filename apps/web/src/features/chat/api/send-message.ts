import { CHAT_MESSAGES, type ChatMessage, type ChatSendAck } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import type { RealtimeSocket } from '../../../lib/socket.ts';
import { toastChatError } from '../chat-error.ts';
import { addToThread, applyMessageToConversations, setBubbleStatus } from './chat-cache.ts';

interface SendMessageVariables {
  conversationId: string;
  content: string;
  /** Chosen once per message: a retry sends the same one, so the server never stores it twice. */
  clientId: string;
}

/** How long a message sent over the socket waits for its answer before it goes again by HTTP. */
const SOCKET_ANSWER_MS = 5_000;

/**
 * Over the open socket (`chat:send`, decision 066): no new HTTP request per message, which is what
 * a phone on a slow network feels. With no connection, or no answer in time, the same message (same
 * clientId, so stored at most once) goes by `POST …/messages`. A refusal is the route's, word for word.
 */
async function sendMessage(socket: RealtimeSocket | null, variables: SendMessageVariables) {
  if (socket?.connected) {
    let answer: ChatSendAck | undefined;
    try {
      answer = await socket.timeout(SOCKET_ANSWER_MS).emitWithAck('chat:send', variables);
    } catch {
      // No answer in time (the connection dropped meanwhile): HTTP below.
    }
    if (answer && 'data' in answer) return answer.data;
    if (answer)
      throw new ApiError(answer.error, answer.status, answer.code, answer.retryAfterSeconds ?? null);
  }
  const { conversationId, content, clientId } = variables;
  return api.post<ChatMessage>(`/chat/conversations/${encodeURIComponent(conversationId)}/messages`, {
    content,
    clientId,
  });
}

/** Sends with a bubble shown at once; the stored message replaces it, a failure marks it for retry. */
export function useSendMessage(senderId: string, socket: RealtimeSocket | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SendMessageVariables) => sendMessage(socket, variables),
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
