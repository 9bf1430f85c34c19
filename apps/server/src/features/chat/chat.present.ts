import { type ChatMessage, type Conversation, PRIVACY_MESSAGES, SAFETY_TEXTS } from '@estudai/contract';
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

/**
 * Who reads a message (issue 43): `folded` answers whether a text by an author has one of the
 * viewer's 'Palavras ocultas' (access/hidden-words.ts).
 */
export interface MessageViewer {
  id: string;
  folded: (item: { authorId: string; text: string }) => boolean;
}

/** Held, first-contact and folded marks of a message for its viewer: the sender sees none. */
function safetyMarks(
  row: {
    senderId: string;
    content: string;
    heldAt: Date | string | null;
    firstContact: boolean;
    hiddenAt: Date | string | null;
    erasedAt: Date | string | null;
  },
  viewer: MessageViewer,
) {
  const recipient = viewer.id !== row.senderId;
  const readable = !row.hiddenAt && !row.erasedAt;
  return {
    held: recipient && readable && row.heldAt !== null,
    firstContact: recipient && row.firstContact,
    hiddenByWords: readable && viewer.folded({ authorId: row.senderId, text: row.content }),
  };
}

/**
 * A held or folded message reads as its notice; its text travels apart (`original`) for the tap,
 * so whatever shows `content` (the list, a toast) never shows it.
 */
export function toChatMessage(row: typeof messages.$inferSelect, viewer: MessageViewer): ChatMessage {
  const marks = safetyMarks(row, viewer);
  const notice = marks.held
    ? SAFETY_TEXTS.heldPreview
    : marks.hiddenByWords
      ? SAFETY_TEXTS.foldedPreview
      : null;
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: notice ?? shownContent(row),
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    clientId: row.clientId,
    ...marks,
    ...(notice ? { original: row.content } : {}),
  };
}

export interface ConversationListRow {
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
    heldAt: Date | string | null;
    firstContact: boolean;
  } | null;
  unreadCount: number;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The list's preview never shows a held or folded message's text: a notice instead. */
function lastMessageOf(last: NonNullable<ConversationListRow['last']>, viewer: MessageViewer) {
  const { held, hiddenByWords } = safetyMarks(last, viewer);
  const content = held
    ? SAFETY_TEXTS.heldPreview
    : hiddenByWords
      ? SAFETY_TEXTS.foldedPreview
      : shownContent(last);
  return {
    content,
    createdAt: iso(last.createdAt),
    senderId: last.senderId,
    ...(held ? { held } : {}),
    ...(hiddenByWords ? { hiddenByWords } : {}),
  };
}

export function toConversation(row: ConversationListRow, viewer: MessageViewer): Conversation {
  return {
    id: row.id,
    otherUser: row.other,
    lastMessage: row.last ? lastMessageOf(row.last, viewer) : null,
    lastMessageAt: row.lastMessageAt ? iso(row.lastMessageAt) : null,
    unreadCount: Number(row.unreadCount),
  };
}
