import { type ChatMessage, type Conversation, PRIVACY_MESSAGES } from '@estudai/contract';
import type { messages } from '../../db/schema/index.ts';

/**
 * What a participant reads: an erased account's message is 'Mensagem apagada', a message waiting
 * for the moderators after an 'exploracao_infantil' report is hidden (admins read the evidence).
 */
function shownContent(row: {
  content: string;
  hiddenAt: Date | string | null;
  erasedAt: Date | string | null;
}) {
  if (row.erasedAt) return PRIVACY_MESSAGES.erasedMessage;
  if (row.hiddenAt) return PRIVACY_MESSAGES.hiddenMessage;
  return row.content;
}

export function toChatMessage(row: typeof messages.$inferSelect): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: shownContent(row),
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
  last: {
    content: string;
    createdAt: Date | string;
    senderId: string;
    hiddenAt: Date | string | null;
    erasedAt: Date | string | null;
  } | null;
  unreadCount: number;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toConversation(row: ConversationListRow): Conversation {
  const last = row.last;
  return {
    id: row.id,
    otherUser: row.other,
    lastMessage: last
      ? { content: shownContent(last), createdAt: iso(last.createdAt), senderId: last.senderId }
      : null,
    lastMessageAt: row.lastMessageAt ? iso(row.lastMessageAt) : null,
    unreadCount: Number(row.unreadCount),
  };
}
