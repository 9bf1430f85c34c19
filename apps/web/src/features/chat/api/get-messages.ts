import type { ChatMessage } from '@estudai/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const MESSAGES_PAGE_SIZE = 30;

/** A message as the thread shows it: stored, or still on its way (or failed) from this tab. */
export type ThreadMessage = ChatMessage & { status?: 'sending' | 'failed' };

const messagesPath = (conversationId: string) =>
  `/chat/conversations/${encodeURIComponent(conversationId)}/messages`;

/** One page, oldest first: the latest without a cursor, older ones with the `nextCursor` handed out. */
export function getMessages(conversationId: string, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(MESSAGES_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.getPage<ThreadMessage>(`${messagesPath(conversationId)}?${query}`, { signal });
}

/** Everything newer than `afterId`, oldest first (catching up after a reconnect). */
export async function getMessagesAfter(conversationId: string, afterId: string) {
  const messages: ChatMessage[] = [];
  let after = afterId;
  for (;;) {
    const query = new URLSearchParams({ limit: '50', after });
    const page = await api.getPage<ChatMessage>(`${messagesPath(conversationId)}?${query}`);
    messages.push(...page.data);
    const last = page.data.at(-1);
    if (!page.hasMore || !last) return messages;
    after = last.id;
  }
}

/** Every cached thread (a prefix), and one thread. */
export const allMessagesQueryKey = ['chat', 'messages'] as const;
export const messagesQueryKey = (conversationId: string) => [...allMessagesQueryKey, conversationId] as const;

/** A thread: the first page holds the latest messages, each next page older ones. */
const getMessagesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messagesQueryKey(conversationId),
    queryFn: ({ pageParam, signal }) => getMessages(conversationId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
  });

export const useMessages = (conversationId: string) =>
  useInfiniteQuery(getMessagesQueryOptions(conversationId));
