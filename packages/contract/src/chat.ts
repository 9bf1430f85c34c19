import { z } from 'zod';
import { CHAT_MESSAGES, MESSAGE_MAX } from './chat.constants.ts';

export const chatUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
});

export const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** The sender's own id for the message, so a retry or a live echo is never shown twice. */
  clientId: z.string().nullable(),
  /**
   * To a minor recipient (issue 43): an adult's message asking for contact elsewhere (a phone, an
   * address, another messaging app), shown only after a tap ('Ver mensagem'). False for the sender.
   */
  held: z.boolean(),
  /** The first message the minor recipient got from this sender: the safety card goes above it. */
  firstContact: z.boolean(),
  /** It contains one of the viewer's 'Palavras ocultas': folded until they choose to see it. */
  hiddenByWords: z.boolean(),
  /**
   * A held or folded message's text, shown after the tap; `content` is then the notice, so no
   * preview, toast or list ever shows the text by mistake.
   */
  original: z.string().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  otherUser: chatUserSchema,
  /** A held or folded last message shows a notice instead of its text (issue 43). */
  lastMessage: z
    .object({
      content: z.string(),
      createdAt: z.string(),
      senderId: z.string(),
      held: z.boolean().optional(),
      hiddenByWords: z.boolean().optional(),
    })
    .nullable(),
  lastMessageAt: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const startConversationSchema = z.strictObject({
  otherUserId: z.uuid(CHAT_MESSAGES.userNotFound),
});

export const sendMessageSchema = z.strictObject({
  content: z
    .string({ error: CHAT_MESSAGES.messageRequired })
    .trim()
    .min(1, CHAT_MESSAGES.messageRequired)
    .max(MESSAGE_MAX, CHAT_MESSAGES.messageTooLong),
  clientId: z.string().trim().min(1).max(64).optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** Older pages with `cursor` (from nextCursor); what came after a message with `after` (catch-up). */
export const messagesQuerySchema = z.object({
  cursor: z.string().max(200, 'Cursor inválido.').optional(),
  after: z.uuid('Mensagem inválida.').optional(),
});

export const mutualFollowerSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  isVerified: z.boolean(),
});
export type MutualFollower = z.infer<typeof mutualFollowerSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });

export interface ChatReadReceipt {
  conversationId: string;
  readerId: string;
  readAt: string;
}
export interface ChatTyping {
  conversationId: string;
  userId: string;
  isTyping: boolean;
}
export type ChatJoinAck = { ok: true } | { ok: false; error: string };

/**
 * `chat:send` over the open socket (decision 066): the same message `POST …/messages` takes, with its
 * conversation. The web app sends this way while its socket is connected, and by HTTP otherwise.
 */
export const chatSendSchema = sendMessageSchema.extend({
  // Any string is let through: one that names no conversation of the sender answers 404, as on HTTP.
  conversationId: z.string({ error: CHAT_MESSAGES.notFound }).max(100, CHAT_MESSAGES.notFound),
});
export type ChatSendInput = z.infer<typeof chatSendSchema>;

/**
 * `chat:send`'s answer: what `POST …/messages` answers, as its status and body (`{ data }`, or the
 * `{ error, code }` envelope, with the seconds to wait after a 429).
 */
export type ChatSendAck =
  | { status: 200 | 201; data: ChatMessage }
  | { status: number; error: string; code: string; retryAfterSeconds?: number };
