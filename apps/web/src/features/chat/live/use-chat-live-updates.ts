import {
  CHAT_MESSAGES,
  type ChatMessage,
  type ChatReadReceipt,
  NEW_MESSAGE_PREVIEW_LENGTH,
} from '@estudai/contract/constants';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RealtimeSocket } from '../../../lib/socket.ts';
import { toast } from '../../../lib/toast.ts';
import {
  addToThread,
  applyMessageToConversations,
  clearUnread,
  findCachedConversation,
  lastStoredMessage,
  markOwnMessagesRead,
} from '../api/chat-cache.ts';
import { getConversationsQueryOptions } from '../api/get-conversations.ts';
import { allMessagesQueryKey, getMessages, getMessagesAfter } from '../api/get-messages.ts';
import { getUnreadCountQueryOptions } from '../api/get-unread-count.ts';
import { getOpenConversationId } from './open-thread.ts';

/** Spec §8: the toast shows the first 50 characters, then an ellipsis. */
function messagePreview(content: string) {
  const characters = Array.from(content);
  if (characters.length <= NEW_MESSAGE_PREVIEW_LENGTH) return content;
  return `${characters.slice(0, NEW_MESSAGE_PREVIEW_LENGTH).join('')}…`;
}

/** Brings every cached thread up to date after a (re)connection: what was missed, once each. */
async function catchUp(queryClient: QueryClient) {
  const threads = queryClient.getQueryCache().findAll({ queryKey: allMessagesQueryKey });
  await Promise.all(
    threads.map(async ({ queryKey, state }) => {
      const conversationId = String(queryKey[2]);
      if (!state.data) return;
      const last = lastStoredMessage(state.data as Parameters<typeof lastStoredMessage>[0]);
      try {
        const missed = last
          ? await getMessagesAfter(conversationId, last.id)
          : (await getMessages(conversationId, null)).data;
        addToThread(queryClient, conversationId, missed);
      } catch {
        // Still unreachable: the next reconnection tries again.
      }
    }),
  );
}

/** Who wrote: the conversation's other person, from the list (fetched when no screen has asked for it). */
async function senderName(queryClient: QueryClient, message: ChatMessage) {
  const cached = findCachedConversation(queryClient, message.conversationId);
  if (cached) return cached.otherUser.displayName;
  try {
    await queryClient.fetchInfiniteQuery(getConversationsQueryOptions());
  } catch {
    return null;
  }
  return findCachedConversation(queryClient, message.conversationId)?.otherUser.displayName ?? null;
}

/** 'Nova mensagem de Bruno Lima' with the start of the message ('Nova mensagem' if the name is unknown). */
async function toastNewMessage(queryClient: QueryClient, message: ChatMessage) {
  const name = await senderName(queryClient, message);
  toast({
    title: name ? CHAT_MESSAGES.newMessageFrom(name) : CHAT_MESSAGES.newMessage,
    description: messagePreview(message.content),
  });
}

/**
 * The tab's chat listener (mounted once, in the shell): new messages go into the cached threads
 * and list, once each; outside the open thread one from someone else raises the unread count and
 * shows 'Nova mensagem de <nome>'. Read receipts mark one's messages read. After a reconnection what was
 * missed is fetched.
 */
export function useChatLiveUpdates(socket: RealtimeSocket | null, userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket || !userId) return;
    const seen = new Set<string>();
    const isFetching = (queryKey: QueryKey) =>
      queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching';
    // Asked again even off screen: an answer already on its way clears the mark 'invalidated' when it
    // lands, and with nothing going stale by itself its older figures would stay. A first answer on its
    // way is joined, not replaced, by a new ask (TanStack Query cancels only a refetch): that one is
    // asked again once it lands, or the messages stored after it was read would never count.
    const waitingForFirst = new Set<string>();
    const askAgain = (queryKey: QueryKey) => {
      const query = queryClient.getQueryCache().find({ queryKey, exact: true });
      if (query?.state.fetchStatus === 'fetching' && query.state.data === undefined && query.promise) {
        if (waitingForFirst.has(query.queryHash)) return;
        waitingForFirst.add(query.queryHash);
        void query.promise
          .catch(() => undefined)
          .finally(() => {
            waitingForFirst.delete(query.queryHash);
            askAgain(queryKey);
          });
        return;
      }
      void queryClient.invalidateQueries({ queryKey, refetchType: 'all' });
    };

    const handleMessage = (message: ChatMessage) => {
      if (seen.has(message.id)) return;
      if (seen.size > 500) seen.clear();
      seen.add(message.id);
      const fromOther = message.senderId !== userId;
      const isOpen = getOpenConversationId() === message.conversationId;
      addToThread(queryClient, message.conversationId, [message]);
      const countAsUnread = fromOther && !isOpen;
      // A list or count being asked right now may have been answered before this message was stored,
      // and would overwrite the change made here when it arrives: it is asked again instead.
      const conversationsKey = getConversationsQueryOptions().queryKey;
      if (
        isFetching(conversationsKey) ||
        !applyMessageToConversations(queryClient, message, { countAsUnread })
      ) {
        askAgain(conversationsKey);
      }
      if (!countAsUnread) return;
      const unreadKey = getUnreadCountQueryOptions().queryKey;
      if (isFetching(unreadKey)) askAgain(unreadKey);
      else queryClient.setQueryData<number>(unreadKey, (count) => (count === undefined ? count : count + 1));
      void toastNewMessage(queryClient, message);
    };

    // The other read one's messages; or this user read them in another tab (badges go).
    const handleRead = (receipt: ChatReadReceipt) => {
      if (receipt.readerId !== userId) markOwnMessagesRead(queryClient, receipt.conversationId, userId);
      else void clearUnread(queryClient, receipt.conversationId);
    };

    // At every connection, the first included (the screen may have loaded before it was open),
    // what was missed is fetched.
    const handleConnect = () => {
      void catchUp(queryClient);
      void queryClient.invalidateQueries({ queryKey: getConversationsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getUnreadCountQueryOptions().queryKey });
    };

    socket.on('chat:message', handleMessage);
    socket.on('chat:read', handleRead);
    socket.on('connect', handleConnect);
    // Over a WebSocket the first connection may open before this effect runs.
    if (socket.connected) handleConnect();
    return () => {
      socket.off('chat:message', handleMessage);
      socket.off('chat:read', handleRead);
      socket.off('connect', handleConnect);
    };
  }, [socket, userId, queryClient]);
}
