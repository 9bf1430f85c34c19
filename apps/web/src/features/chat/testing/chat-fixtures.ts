import type { ChatMessage, Conversation, MutualFollower } from '@estudai/contract/constants';
import type { MockReply } from '../../../test/api-mock.ts';

const bruno = { id: 'u-bruno', displayName: 'Bruno Lima', username: 'bruno.lima', avatar: null };

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'c-bruno',
    otherUser: bruno,
    lastMessage: null,
    lastMessageAt: null,
    unreadCount: 0,
    ...overrides,
  };
}

let sequence = 0;
export function makeMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  sequence += 1;
  return {
    id: `m-${String(sequence).padStart(4, '0')}`,
    conversationId: 'c-bruno',
    senderId: bruno.id,
    content: `Mensagem ${sequence}`,
    isRead: false,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, sequence)).toISOString(),
    clientId: null,
    held: false,
    firstContact: false,
    hiddenByWords: false,
    ...overrides,
  };
}

export function makeMutualFollower(overrides: Partial<MutualFollower> = {}): MutualFollower {
  return {
    id: 'u-bruno',
    username: 'bruno.lima',
    displayName: 'Bruno Lima',
    avatar: null,
    bio: '',
    isVerified: false,
    ...overrides,
  };
}

export const page = <T>(data: T[], hasMore = false, nextCursor: string | null = null): MockReply => ({
  status: 200,
  body: { data, hasMore, nextCursor },
});

/** The query string of the latest fetch to `path` (the API mock hands handlers the path only). */
export function lastQueryTo(fetchMock: { mock: { calls: unknown[][] } }, path: string) {
  const url = fetchMock.mock.calls
    .map((call) => new URL(String(call[0]), 'http://localhost'))
    .filter((u) => u.pathname === path)
    .at(-1);
  return url?.searchParams ?? new URLSearchParams();
}
