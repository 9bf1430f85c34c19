import type { ChatMessage, Conversation } from '@estudai/contract/constants';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ApiPage } from '../../../lib/api.ts';
import { getConversationsQueryOptions } from './get-conversations.ts';
import { messagesQueryKey, type ThreadMessage } from './get-messages.ts';
import { getUnreadCountQueryOptions } from './get-unread-count.ts';

type MessagesData = InfiniteData<ApiPage<ThreadMessage>, string | null>;
type ConversationsData = InfiniteData<ApiPage<Conversation>, number>;

const isStored = (message: ThreadMessage) => !message.status;

// Stored messages in the server's order; bubbles still on their way stay at the end.
function byThreadOrder(a: ThreadMessage, b: ThreadMessage) {
  if (isStored(a) !== isStored(b)) return isStored(a) ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Adds messages to a cached thread, each once: a message already there (same id) is replaced, a
 * stored message takes the place of the bubble sent with its clientId, and new ones join the latest
 * page. A bubble whose message is already stored adds nothing.
 */
function mergeMessages(data: MessagesData | undefined, incoming: ThreadMessage[]) {
  if (!data?.pages[0]) return data;
  let pages = data.pages.map((page) => ({ ...page, data: [...page.data] }));
  const all = () => pages.flatMap((page) => page.data);
  for (const message of incoming) {
    if (all().some((m) => m.id === message.id)) {
      pages = pages.map((page) => ({
        ...page,
        // A read receipt may have come in between: a message never goes back to unread.
        data: page.data.map((m) =>
          m.id === message.id ? { ...message, isRead: m.isRead || message.isRead } : m,
        ),
      }));
      continue;
    }
    const sameClientId = (m: ThreadMessage) => message.clientId !== null && m.clientId === message.clientId;
    if (!isStored(message) && all().some((m) => isStored(m) && sameClientId(m))) continue;
    pages = pages.map((page) => ({
      ...page,
      data: page.data.filter((m) => !(isStored(message) && !isStored(m) && sameClientId(m))),
    }));
    pages[0]?.data.push(message);
  }
  pages[0]?.data.sort(byThreadOrder);
  return { ...data, pages };
}

export function addToThread(queryClient: QueryClient, conversationId: string, messages: ThreadMessage[]) {
  queryClient.setQueryData<MessagesData>(messagesQueryKey(conversationId), (data) =>
    mergeMessages(data, messages),
  );
}

/** Changes the bubble sent with `clientId` (sending → failed and back). */
export function setBubbleStatus(
  queryClient: QueryClient,
  conversationId: string,
  clientId: string,
  status: ThreadMessage['status'],
) {
  queryClient.setQueryData<MessagesData>(messagesQueryKey(conversationId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((m) => (m.clientId === clientId && !isStored(m) ? { ...m, status } : m)),
          })),
        }
      : data,
  );
}

/** The newest stored message of a cached thread (where a catch-up starts). */
export function lastStoredMessage(data: MessagesData | undefined): ThreadMessage | undefined {
  return data?.pages[0]?.data.filter(isStored).at(-1);
}

/** Read receipt: the other participant has read every message `userId` sent there. */
export function markOwnMessagesRead(queryClient: QueryClient, conversationId: string, userId: string) {
  queryClient.setQueryData<MessagesData>(messagesQueryKey(conversationId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((m) => (m.senderId === userId && isStored(m) ? { ...m, isRead: true } : m)),
          })),
        }
      : data,
  );
}

/**
 * Puts a new message on its conversation in the list and moves it to the top. Answers false when
 * the conversation is not in the cached list (a new one: the list must be fetched again).
 */
export function applyMessageToConversations(
  queryClient: QueryClient,
  message: ChatMessage,
  options: { countAsUnread: boolean },
): boolean {
  const { queryKey } = getConversationsQueryOptions();
  const data = queryClient.getQueryData<ConversationsData>(queryKey);
  const found = data?.pages.flatMap((page) => page.data).find((c) => c.id === message.conversationId);
  if (!data || !found) return false;
  const updated: Conversation = {
    ...found,
    lastMessage: { content: message.content, createdAt: message.createdAt, senderId: message.senderId },
    lastMessageAt: message.createdAt,
    unreadCount: found.unreadCount + (options.countAsUnread ? 1 : 0),
  };
  const pages = data.pages.map((page) => ({ ...page, data: page.data.filter((c) => c.id !== found.id) }));
  const [first] = pages;
  if (first) first.data = [updated, ...first.data];
  queryClient.setQueryData<ConversationsData>(queryKey, { ...data, pages });
  return true;
}

/** After marking a conversation read: its badge goes and the total is asked again. */
export async function clearUnread(queryClient: QueryClient, conversationId: string) {
  queryClient.setQueryData<ConversationsData>(getConversationsQueryOptions().queryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((c) => (c.id === conversationId ? { ...c, unreadCount: 0 } : c)),
          })),
        }
      : data,
  );
  await queryClient.invalidateQueries({ queryKey: getUnreadCountQueryOptions().queryKey });
}

export function findCachedConversation(queryClient: QueryClient, conversationId: string) {
  return queryClient
    .getQueryData<ConversationsData>(getConversationsQueryOptions().queryKey)
    ?.pages.flatMap((page) => page.data)
    .find((c) => c.id === conversationId);
}
