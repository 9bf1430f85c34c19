import {
  CHAT_MESSAGES,
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_SECONDS,
  type Conversation,
  type MutualFollower,
  type SendMessageInput,
} from '@estudai/contract';
import { aliasedTable, and, asc, count, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { requireChatAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { conversations, follows, messages, users } from '../../db/schema/index.ts';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { toChatMessage, toConversation } from './chat.present.ts';

type ConversationRow = typeof conversations.$inferSelect;

const orderedPair = (a: string, b: string) => (a < b ? { userA: a, userB: b } : { userA: b, userB: a });
const otherParticipant = (conversation: ConversationRow, userId: string) =>
  conversation.userA === userId ? conversation.userB : conversation.userA;

/**
 * The conversation if `userId` takes part in it; anyone else gets 404, as if it did not exist, and
 * so does an id that cannot be one (a mangled /chat?conversation= address).
 */
export async function getParticipantConversation(db: Tx, conversationId: string, userId: string) {
  if (!isUuid(conversationId)) throw notFound(CHAT_MESSAGES.notFound);
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.userA, userId), eq(conversations.userB, userId)),
      ),
    )
    .limit(1);
  if (!conversation) throw notFound(CHAT_MESSAGES.notFound);
  return conversation;
}

/** Starts (or finds) the one conversation of a pair of mutual followers. */
export async function startConversation(ctx: AppContext, userId: string, otherUserId: string) {
  const { db } = ctx.database;
  if (otherUserId === userId) throw badRequest(CHAT_MESSAGES.selfChat);
  await requireChatAccess(db, userId, otherUserId, { starting: true });
  const pair = orderedPair(userId, otherUserId);
  const [inserted] = await db.insert(conversations).values(pair).onConflictDoNothing().returning();
  const [conversation] = inserted
    ? [inserted]
    : await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.userA, pair.userA), eq(conversations.userB, pair.userB)));
  if (!conversation) throw new Error('conversation neither inserted nor found');
  return {
    created: Boolean(inserted),
    conversation: await describeConversation(db, conversation.id, userId),
  };
}

const otherUser = aliasedTable(users, 'other_user');

/** A conversation as the list shows it to `userId`: the other person, last message, unread count. */
async function describeConversation(db: Tx, conversationId: string, userId: string) {
  const [conversation] = await listConversationRows(db, userId, { id: conversationId, limit: 1, offset: 0 });
  if (!conversation) throw notFound(CHAT_MESSAGES.notFound);
  return conversation;
}

function listConversationRows(
  db: Tx,
  userId: string,
  options: { limit: number; offset: number; id?: string },
): Promise<Conversation[]> {
  const otherId = sql<string>`case when ${conversations.userA} = ${userId} then ${conversations.userB} else ${conversations.userA} end`;
  const lastMessage = db
    .select({
      content: messages.content,
      createdAt: messages.createdAt,
      senderId: messages.senderId,
      hiddenAt: messages.hiddenAt,
      erasedAt: messages.erasedAt,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as('last_message');
  const unread = sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.senderId} <> ${userId} and ${messages.readAt} is null)`;
  return db
    .select({
      id: conversations.id,
      lastMessageAt: conversations.lastMessageAt,
      other: {
        id: otherUser.id,
        displayName: otherUser.displayName,
        username: otherUser.username,
        avatar: otherUser.avatar,
      },
      last: {
        content: lastMessage.content,
        createdAt: lastMessage.createdAt,
        senderId: lastMessage.senderId,
        hiddenAt: lastMessage.hiddenAt,
        erasedAt: lastMessage.erasedAt,
      },
      unreadCount: unread,
    })
    .from(conversations)
    .innerJoin(otherUser, eq(otherUser.id, otherId))
    .leftJoinLateral(lastMessage, sql`true`)
    .where(
      and(
        or(eq(conversations.userA, userId), eq(conversations.userB, userId)),
        options.id ? eq(conversations.id, options.id) : undefined,
      ),
    )
    .orderBy(
      sql`${conversations.lastMessageAt} desc nulls last`,
      desc(conversations.createdAt),
      desc(conversations.id),
    )
    .limit(options.limit)
    .offset(options.offset)
    .then((rows) => rows.map(toConversation));
}

export async function listConversations(ctx: AppContext, userId: string, page: number, limit: number) {
  const rows = await listConversationRows(ctx.database.db, userId, {
    limit: limit + 1,
    offset: (page - 1) * limit,
  });
  return { data: rows.slice(0, limit), hasMore: rows.length > limit };
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
  const anchorId = options.after ?? options.cursor;
  let anchor: { createdAt: Date; id: string } | undefined;
  if (anchorId) {
    if (!/^[0-9a-f-]{36}$/i.test(anchorId)) throw badRequest('Cursor inválido.');
    [anchor] = await db
      .select({ createdAt: messages.createdAt, id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, anchorId), eq(messages.conversationId, conversationId)))
      .limit(1);
    if (!anchor) throw badRequest('Cursor inválido.');
  }
  const inConversation = eq(messages.conversationId, conversationId);
  if (options.after && anchor) {
    const rows = await db
      .select()
      .from(messages)
      .where(
        and(
          inConversation,
          or(
            gt(messages.createdAt, anchor.createdAt),
            and(eq(messages.createdAt, anchor.createdAt), gt(messages.id, anchor.id)),
          ),
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(options.limit + 1);
    const page = rows.slice(0, options.limit).map(toChatMessage);
    return { data: page, hasMore: rows.length > options.limit, nextCursor: null };
  }
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        inConversation,
        anchor
          ? or(
              lt(messages.createdAt, anchor.createdAt),
              and(eq(messages.createdAt, anchor.createdAt), lt(messages.id, anchor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit + 1);
  const hasMore = rows.length > options.limit;
  const page = rows.slice(0, options.limit).reverse().map(toChatMessage);
  return { data: page, hasMore, nextCursor: hasMore ? (page[0]?.id ?? null) : null };
}

/**
 * Stores a message, then delivers it to every open tab of both participants. A retry with the
 * same clientId answers the message already stored (`created: false`) and delivers nothing twice.
 */
export async function sendMessage(
  ctx: AppContext,
  userId: string,
  conversationId: string,
  input: SendMessageInput,
) {
  const { db } = ctx.database;
  const conversation = await getParticipantConversation(db, conversationId, userId);
  await requireChatAccess(db, userId, otherParticipant(conversation, userId), { starting: false });
  if (input.clientId) {
    const existing = await findByClientId(db, userId, input.clientId);
    if (existing) return { created: false, message: toChatMessage(existing) };
  }
  let stored: typeof messages.$inferSelect | undefined;
  try {
    stored = await db.transaction(async (tx) => {
      // The sender's row is locked while counting, so sends at once are counted one after another.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const since = new Date(Date.now() - CHAT_RATE_WINDOW_SECONDS * 1000);
      const [recent] = await tx
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.senderId, userId), gt(messages.createdAt, since)));
      if ((recent?.n ?? 0) >= CHAT_RATE_LIMIT) {
        throw tooManyRequests(CHAT_MESSAGES.tooFast, CHAT_RATE_WINDOW_SECONDS);
      }
      const [row] = await tx
        .insert(messages)
        .values({
          conversationId,
          senderId: userId,
          content: input.content,
          clientId: input.clientId ?? null,
        })
        .returning();
      if (!row) throw new Error('message insert returned no row');
      await tx
        .update(conversations)
        .set({ lastMessageAt: row.createdAt })
        .where(eq(conversations.id, conversationId));
      return row;
    });
  } catch (error) {
    // The same clientId sent twice at once: the unique index keeps one; answer with it.
    if (!isUniqueViolation(error) || !input.clientId) throw error;
    const existing = await findByClientId(db, userId, input.clientId);
    if (!existing) throw error;
    return { created: false, message: toChatMessage(existing) };
  }
  const message = toChatMessage(stored);
  for (const participant of [userId, otherParticipant(conversation, userId)]) {
    ctx.realtime.toUser(participant, 'chat:message', message);
  }
  return { created: true, message };
}

/** A message of a conversation the viewer takes part in, for a report: undefined otherwise. */
export async function findReportableMessage(db: Tx, viewerId: string, messageId: string) {
  if (!isUuid(messageId)) return undefined;
  const [row] = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.id, messageId),
        isNull(messages.erasedAt),
        or(eq(conversations.userA, viewerId), eq(conversations.userB, viewerId)),
      ),
    )
    .limit(1);
  return row?.message;
}

/** Masks a message for both participants while a report waits, or shows it again (a decision). */
export async function setMessageHidden(db: Tx, messageId: string, hidden: boolean): Promise<void> {
  await db
    .update(messages)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(eq(messages.id, messageId));
}

async function findByClientId(db: Tx, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1);
  return row;
}

/** Marks the other participant's messages read and tells them (read receipt). */
export async function markRead(ctx: AppContext, userId: string, conversationId: string) {
  const { db } = ctx.database;
  const conversation = await getParticipantConversation(db, conversationId, userId);
  const readAt = new Date();
  const updated = await db
    .update(messages)
    .set({ readAt })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.senderId, userId),
        isNull(messages.readAt),
      ),
    )
    .returning({ id: messages.id });
  if (updated.length > 0) {
    // The sender sees the receipt; the reader's other tabs clear their badges.
    const receipt = { conversationId, readerId: userId, readAt: readAt.toISOString() };
    for (const participant of [otherParticipant(conversation, userId), userId]) {
      ctx.realtime.toUser(participant, 'chat:read', receipt);
    }
  }
  return { read: updated.length };
}

export async function unreadCount(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        or(eq(conversations.userA, userId), eq(conversations.userB, userId)),
        ne(messages.senderId, userId),
        isNull(messages.readAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Everyone `userId` has a conversation with and since when, without any message: what a guardian
 * sees of a teen's chat (guardians' dashboard).
 */
export async function listConversationPartners(db: Tx, userId: string) {
  const otherId = sql<string>`case when ${conversations.userA} = ${userId} then ${conversations.userB} else ${conversations.userA} end`;
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      avatar: users.avatar,
      userType: users.userType,
      birthDate: users.birthDate,
      since: conversations.createdAt,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, otherId))
    .where(or(eq(conversations.userA, userId), eq(conversations.userB, userId)))
    .orderBy(asc(conversations.createdAt))
    .limit(200);
}

/** People who follow `userId` and whom `userId` follows back: who can be chatted with. */
export async function listMutualFollowers(ctx: AppContext, userId: string): Promise<MutualFollower[]> {
  const back = aliasedTable(follows, 'follows_back');
  return ctx.database.db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      avatar: users.avatar,
      bio: users.bio,
      isVerified: users.isVerified,
    })
    .from(follows)
    .innerJoin(back, and(eq(back.followerId, follows.followingId), eq(back.followingId, follows.followerId)))
    .innerJoin(users, eq(users.id, follows.followingId))
    .where(and(eq(follows.followerId, userId), isNull(users.suspendedAt)))
    .orderBy(asc(users.displayName))
    .limit(500);
}
