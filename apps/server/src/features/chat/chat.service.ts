import { CHAT_MESSAGES, type MutualFollower, type SendMessageInput } from '@estudai/contract';
import { LRUCache } from 'lru-cache';
import {
  chatAccess,
  firstContactFor,
  hiddenWordsFilter,
  hiddenWordsFilterOf,
  messageHeldFor,
  refuseWhileLimited,
  requireChatAccess,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { messages } from '../../db/schema/index.ts';
import { contactBait } from '../../lib/contact-bait.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { type MessageViewer, toChatMessage, toConversation } from './chat.present.ts';
import {
  countUnreadMessages,
  findByClientId,
  findConversationByPair,
  findMessageAnchor,
  findMessageOfParticipant,
  findParticipantConversation,
  findSendFacts,
  insertConversation,
  insertMessageIfUnchanged,
  listConversationRows,
  listMessagesAfter,
  listMessagesBefore,
  listMutualFollowers as listMutualFollowerRows,
  markMessagesRead,
  type SendFacts,
  type SendOutcome,
  setMessageHiddenAt,
} from './chat.queries.ts';

type MessageRow = typeof messages.$inferSelect;

const orderedPair = (a: string, b: string) => (a < b ? { userA: a, userB: b } : { userA: b, userB: a });
/** Who reads: their id and their 'Palavras ocultas' (issue 43), loaded once per reply. */
async function viewerOf(ctx: AppContext, db: Tx, userId: string): Promise<MessageViewer> {
  return { id: userId, folded: await hiddenWordsFilter(db, userId, ctx.clock()) };
}

/**
 * The conversation if `userId` takes part in it; anyone else gets 404, as if it did not exist, and
 * so does an id that cannot be one (a mangled /chat?conversation= address).
 */
export async function getParticipantConversation(db: Tx, conversationId: string, userId: string) {
  if (!isUuid(conversationId)) throw notFound(CHAT_MESSAGES.notFound);
  const conversation = await findParticipantConversation(db, conversationId, userId);
  if (!conversation) throw notFound(CHAT_MESSAGES.notFound);
  return conversation;
}

/** Starts (or finds) the one conversation of a pair of mutual followers. */
export async function startConversation(ctx: AppContext, userId: string, otherUserId: string) {
  const { db } = ctx.database;
  if (otherUserId === userId) throw badRequest(CHAT_MESSAGES.selfChat);
  await requireChatAccess(db, userId, otherUserId, { starting: true }, ctx.clock());
  const pair = orderedPair(userId, otherUserId);
  const inserted = await insertConversation(db, pair);
  const conversation = inserted ?? (await findConversationByPair(db, pair));
  if (!conversation) throw new Error('conversation neither inserted nor found');
  return {
    created: Boolean(inserted),
    conversation: await describeConversation(ctx, conversation.id, userId),
  };
}

/** A conversation as the list shows it to `userId`: the other person, last message, unread count. */
async function describeConversation(ctx: AppContext, conversationId: string, userId: string) {
  const { db } = ctx.database;
  const [row] = await listConversationRows(db, userId, { id: conversationId, limit: 1, offset: 0 });
  if (!row) throw notFound(CHAT_MESSAGES.notFound);
  return toConversation(row, await viewerOf(ctx, db, userId));
}

/** The list's preview of a held or folded last message is a notice, never its text (issue 43). */
export async function listConversations(ctx: AppContext, userId: string, page: number, limit: number) {
  const { db } = ctx.database;
  const rows = await listConversationRows(db, userId, {
    limit: limit + 1,
    offset: (page - 1) * limit,
  });
  const viewer = await viewerOf(ctx, db, userId);
  return {
    data: rows.slice(0, limit).map((row) => toConversation(row, viewer)),
    hasMore: rows.length > limit,
  };
}

/**
 * Messages of a conversation, oldest first within the page. Without options: the latest page;
 * `cursor` (the id of the oldest message shown): the page before it; `after` (the newest message a
 * client has): everything after it, for catching up after a reconnect.
 */
export async function listMessages(
  ctx: AppContext,
  userId: string,
  conversationId: string,
  options: { limit: number; cursor?: string; after?: string },
) {
  const { db } = ctx.database;
  await getParticipantConversation(db, conversationId, userId);
  const viewer = await viewerOf(ctx, db, userId);
  const present = (row: MessageRow) => toChatMessage(row, viewer);
  const anchorId = options.after ?? options.cursor;
  let anchor: { createdAt: Date; id: string } | undefined;
  if (anchorId) {
    if (!/^[0-9a-f-]{36}$/i.test(anchorId)) throw badRequest('Cursor inválido.');
    anchor = await findMessageAnchor(db, anchorId, conversationId);
    if (!anchor) throw badRequest('Cursor inválido.');
  }
  if (options.after && anchor) {
    const rows = await listMessagesAfter(db, conversationId, anchor, options.limit + 1);
    const page = rows.slice(0, options.limit).map(present);
    return { data: page, hasMore: rows.length > options.limit, nextCursor: null };
  }
  const rows = await listMessagesBefore(db, conversationId, anchor, options.limit + 1);
  const hasMore = rows.length > options.limit;
  const page = rows.slice(0, options.limit).reverse().map(present);
  return { data: page, hasMore, nextCursor: hasMore ? (page[0]?.id ?? null) : null };
}

/**
 * The facts of each sender's recent conversations, as a send last found them (decision 065). A copy
 * never decides alone: the write checks in the same statement that the facts are what this copy says
 * (their fingerprint), and a copy that refuses is read again before the refusal stands. Bounded in
 * entries and age, so what it holds of people (birth dates, hidden words) does not outlive the chat.
 */
const SEND_FACTS_KEPT = 10_000;
const SEND_FACTS_TTL_MS = 10 * 60_000;
/** Facts that changed between a read and the write are read again at most this many times. */
const SEND_ATTEMPTS = 3;
const sendFactsKept = new WeakMap<AppContext, LRUCache<string, SendFacts>>();

function keptSendFacts(ctx: AppContext): LRUCache<string, SendFacts> {
  let kept = sendFactsKept.get(ctx);
  if (!kept) {
    kept = new LRUCache<string, SendFacts>({ max: SEND_FACTS_KEPT, ttl: SEND_FACTS_TTL_MS });
    sendFactsKept.set(ctx, kept);
  }
  return kept;
}

type MessageWrite = Parameters<typeof insertMessageIfUnchanged>[1];

/** What the rules make of a send: the values to write, or the message a retry already stored. */
type SendDecision =
  | { existing: MessageRow }
  | {
      recipientId: string;
      values: Omit<MessageWrite, 'me' | 'conversation'>;
    };

function decideSend(facts: SendFacts, input: SendMessageInput, now: Date): SendDecision {
  const ages = chatAccess(facts.chat, { starting: false }, now);
  refuseWhileLimited(facts, now);
  if (facts.existing) return { existing: facts.existing };
  const held = messageHeldFor({
    senderIsMinor: ages.isMinor,
    recipientIsMinor: ages.otherIsMinor,
    hasContactBait: contactBait(input.content) !== null,
  });
  return {
    recipientId: facts.chat.other?.id ?? '',
    values: {
      content: input.content,
      clientId: input.clientId ?? null,
      heldAt: held ? now : null,
      firstContact: firstContactFor({
        recipientIsMinor: ages.otherIsMinor,
        senderWroteBefore: facts.wroteBefore,
      }),
      fingerprint: facts.fingerprint,
      wroteBefore: facts.wroteBefore,
    },
  };
}

/** The checked write; a held message's event goes in the same transaction (its outbox row). */
function writeMessage(ctx: AppContext, write: MessageWrite, recipientId: string): Promise<SendOutcome> {
  const { heldAt } = write;
  if (!heldAt) return insertMessageIfUnchanged(ctx.database.db, write);
  return ctx.events.transaction(async (tx) => {
    const written = await insertMessageIfUnchanged(tx, write);
    if ('stored' in written)
      await ctx.events.emit(tx, 'chat.messageHeld', {
        messageId: written.stored.id,
        senderId: write.me,
        recipientId,
        at: heldAt.toISOString(),
      });
    return written;
  });
}

/**
 * Stores a message, then delivers it to every open tab of both participants, each as they see it
 * (held, first contact and folded for the recipient; issue 43), but the sender's tab that sent it over
 * its socket (`fromSocket`), whose answer is the message. A retry with the same clientId answers the
 * message already stored (`created: false`) and delivers nothing twice.
 *
 * One statement when the sender wrote in this conversation lately (issue 41, decision 065): the rules
 * are asked about the facts kept from the last send, and the write happens only if the database finds
 * the same facts. Two otherwise: the facts read (`findSendFacts`), then the write with that check. How
 * fast one person sends is the route's named limit ('chatMessages', plugins/rate-limits.ts), counted
 * before this runs.
 */
export async function sendMessage(
  ctx: AppContext,
  userId: string,
  conversationId: string,
  input: SendMessageInput,
  fromSocket?: string,
) {
  const { db } = ctx.database;
  if (!isUuid(conversationId)) throw notFound(CHAT_MESSAGES.notFound);
  const now = ctx.clock();
  const kept = keptSendFacts(ctx);
  const key = `${userId}:${conversationId}`;
  const read = async () => {
    const facts = await findSendFacts(db, {
      me: userId,
      conversation: conversationId,
      clientId: input.clientId ?? null,
    });
    if (!facts) throw notFound(CHAT_MESSAGES.notFound);
    return facts;
  };
  // The sender's own message is never folded for them (access/hidden-words.ts).
  const sender: MessageViewer = { id: userId, folded: () => false };
  const copy = kept.get(key);
  let facts = copy ?? (await read());
  let decision: SendDecision;
  try {
    decision = decideSend(facts, input, now);
  } catch (error) {
    // A kept copy's refusal may be out of date (a block lifted, a limit ended): only fresh facts refuse.
    if (!copy) throw error;
    kept.delete(key);
    facts = await read();
    decision = decideSend(facts, input, now);
  }
  for (let attempt = 1; ; attempt++) {
    if ('existing' in decision) return { created: false, message: toChatMessage(decision.existing, sender) };
    const { recipientId, values } = decision;
    const write = { ...values, me: userId, conversation: conversationId };
    let outcome: SendOutcome;
    try {
      outcome = await writeMessage(ctx, write, recipientId);
    } catch (error) {
      // The same clientId sent twice at once: the unique index keeps one; answer with it.
      if (!isUniqueViolation(error) || !input.clientId) throw error;
      const existing = await findByClientId(db, userId, input.clientId);
      if (!existing) throw error;
      return { created: false, message: toChatMessage(existing, sender) };
    }
    if ('gone' in outcome) {
      kept.delete(key);
      throw notFound(CHAT_MESSAGES.notFound);
    }
    if ('changed' in outcome) {
      kept.set(key, { ...outcome.changed, existing: null });
      if (attempt >= SEND_ATTEMPTS) throw conflict(CHAT_MESSAGES.changedWhileSending);
      decision = decideSend(outcome.changed, input, now);
      facts = outcome.changed;
      continue;
    }
    const stored = outcome.stored;
    kept.set(key, { ...facts, wroteBefore: true, existing: null });
    // The recipient first: they are the one waiting for it; the sender's tabs have it on screen.
    const recipient: MessageViewer = {
      id: recipientId,
      folded: hiddenWordsFilterOf(recipientId, facts.recipientWords, now),
    };
    ctx.realtime.toUser(recipientId, 'chat:message', toChatMessage(stored, recipient));
    const message = toChatMessage(stored, sender);
    if (fromSocket) ctx.realtime.toUserExcept(userId, fromSocket, 'chat:message', message);
    else ctx.realtime.toUser(userId, 'chat:message', message);
    return { created: true, message };
  }
}

/** A message of a conversation the viewer takes part in, for a report: undefined otherwise. */
export async function findReportableMessage(db: Tx, viewerId: string, messageId: string) {
  if (!isUuid(messageId)) return undefined;
  return findMessageOfParticipant(db, viewerId, messageId);
}

/** Masks a message for both participants while a report waits (from `now`), or shows it again (a decision). */
export async function setMessageHidden(db: Tx, messageId: string, hidden: boolean, now: Date): Promise<void> {
  await setMessageHiddenAt(db, messageId, hidden ? now : null);
}

/** Marks the other participant's messages read and tells them (read receipt), in one statement. */
export async function markRead(ctx: AppContext, userId: string, conversationId: string) {
  if (!isUuid(conversationId)) throw notFound(CHAT_MESSAGES.notFound);
  const readAt = ctx.clock();
  const marked = await markMessagesRead(ctx.database.db, conversationId, userId, readAt);
  if (!marked) throw notFound(CHAT_MESSAGES.notFound);
  if (marked.read > 0) {
    // The sender sees the receipt; the reader's other tabs clear their badges.
    const receipt = { conversationId, readerId: userId, readAt: readAt.toISOString() };
    const other = marked.userA === userId ? marked.userB : marked.userA;
    for (const participant of [other, userId]) ctx.realtime.toUser(participant, 'chat:read', receipt);
  }
  return { read: marked.read };
}

export function unreadCount(ctx: AppContext, userId: string): Promise<number> {
  return countUnreadMessages(ctx.database.db, userId);
}

/** People who follow `userId` and whom `userId` follows back: who can be chatted with. */
export function listMutualFollowers(ctx: AppContext, userId: string): Promise<MutualFollower[]> {
  return listMutualFollowerRows(ctx.database.db, userId);
}
