import type { ChatMessage, Conversation } from '@estudai/contract';
import type { messages } from '../../db/schema/index.ts';

export function toChatMessage(row: typeof messages.$inferSelect): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: row.content,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    clientId: row.clientId,
  };
}

interface ConversationListRow {
  id: string;
  lastMessageAt: Date | null;
  other: Conversation['otherUser'];
  /** Null when the conversation has no message yet (left join). */
  last: { content: string; createdAt: Date | string; senderId: string } | null;
  unreadCount: number;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toConversation(row: ConversationListRow): Conversation {
  const last = row.last;
  return {
    id: row.id,
    otherUser: row.other,
    lastMessage: last
      ? { content: last.content, createdAt: iso(last.createdAt), senderId: last.senderId }
      : null,
    lastMessageAt: row.lastMessageAt ? iso(row.lastMessageAt) : null,
    unreadCount: Number(row.unreadCount),
  };
}
