import type { Conversation } from '@estudai/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { CHAT_KEY } from '../../../lib/query-keys.ts';

const CONVERSATIONS_PAGE_SIZE = 20;

const getConversations = (page: number, signal?: AbortSignal) =>
  api.getPage<Conversation>(`/chat/conversations?page=${page}&limit=${CONVERSATIONS_PAGE_SIZE}`, { signal });

/** The user's conversations, the most recent first; later pages are appended. */
export const getConversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [CHAT_KEY, 'conversations'],
    queryFn: ({ pageParam, signal }) => getConversations(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useConversations = () => useInfiniteQuery(getConversationsQueryOptions());
