import type { MutualFollower } from '@estudai/contract';
import { aliasedTable, and, asc, count, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conversations, follows, messages, users } from '../../db/schema/index.ts';
import type { ConversationListRow } from './chat.present.ts';

type MessageRow = typeof messages.$inferSelect;

/** The conversation if `userId` takes part in it. */
export async function findParticipantConversation(db: Tx, conversationId: string, userId: string) {
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
  return conversation;
}

/** The conversation of an ordered pair, new; undefined when it was there already. */
export async function insertConversation(db: Tx, pair: { userA: string; userB: string }) {
  const [inserted] = await db.insert(conversations).values(pair).onConflictDoNothing().returning();
  return inserted;
}

export async function findConversationByPair(db: Tx, pair: { userA: string; userB: string }) {
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userA, pair.userA), eq(conversations.userB, pair.userB)));
  return conversation;
}

const otherUser = aliasedTable(users, 'other_user');

/** Conversations as the list shows them to `userId`: the other person, last message, unread count. */
export function listConversationRows(
  db: Tx,
  userId: string,
  options: { limit: number; offset: number; id?: string },
): Promise<ConversationListRow[]> {
  const otherId = sql<string>`case when ${conversations.userA} = ${userId} then ${conversations.userB} else ${conversations.userA} end`;
  const lastMessage = db
    .select({
      content: messages.content,
      createdAt: messages.createdAt,
      senderId: messages.senderId,
      hiddenAt: messages.hiddenAt,
      erasedAt: messages.erasedAt,
      heldAt: messages.heldAt,
      firstContact: messages.firstContact,
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
        heldAt: lastMessage.heldAt,
        firstContact: lastMessage.firstContact,
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
    .offset(options.offset);
}

/** A message of the conversation, as a cursor (its instant and id). */
export async function findMessageAnchor(db: Tx, messageId: string, conversationId: string) {
  const [anchor] = await db
    .select({ createdAt: messages.createdAt, id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .limit(1);
  return anchor;
}

type Anchor = { createdAt: Date; id: string };

/** The conversation's messages after `anchor`, oldest first; at most `limit`. */
export function listMessagesAfter(db: Tx, conversationId: string, anchor: Anchor, limit: number) {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        or(
          gt(messages.createdAt, anchor.createdAt),
          and(eq(messages.createdAt, anchor.createdAt), gt(messages.id, anchor.id)),
        ),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(limit);
}

/** The conversation's messages before `anchor` (the latest without one), newest first; at most `limit`. */
export function listMessagesBefore(
  db: Tx,
  conversationId: string,
  anchor: Anchor | undefined,
  limit: number,
) {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        anchor
          ? or(
              lt(messages.createdAt, anchor.createdAt),
              and(eq(messages.createdAt, anchor.createdAt), lt(messages.id, anchor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** Locks the sender's row until the transaction ends: sends at once are counted one after another. */
export async function lockSender(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** Messages the user sent after `since`. */
export async function countSentSince(tx: Tx, userId: string, since: Date): Promise<number> {
  const [recent] = await tx
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.senderId, userId), gt(messages.createdAt, since)));
  return recent?.n ?? 0;
}

/** Whether `senderId` wrote in the conversation before (the first-contact card, issue 43). */
export async function hasWrittenIn(tx: Tx, conversationId: string, senderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, senderId)))
    .limit(1);
  return Boolean(row);
}

/** A new message, and the conversation's last-message time set to it. */
export async function insertMessage(
  tx: Tx,
  values: {
    conversationId: string;
    senderId: string;
    content: string;
    clientId: string | null;
    heldAt: Date | null;
    firstContact: boolean;
  },
): Promise<MessageRow> {
  const [row] = await tx.insert(messages).values(values).returning();
  if (!row) throw new Error('message insert returned no row');
  await tx
    .update(conversations)
    .set({ lastMessageAt: row.createdAt })
    .where(eq(conversations.id, values.conversationId));
  return row;
}

/** A message of a conversation the viewer takes part in, not erased. */
export async function findMessageOfParticipant(db: Tx, viewerId: string, messageId: string) {
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

export async function setMessageHiddenAt(db: Tx, messageId: string, hiddenAt: Date | null): Promise<void> {
  await db.update(messages).set({ hiddenAt }).where(eq(messages.id, messageId));
}

export async function findByClientId(db: Tx, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1);
  return row;
}

/** Marks the other participant's unread messages read at `readAt`; answers how many. */
export async function markMessagesRead(
  db: Tx,
  conversationId: string,
  userId: string,
  readAt: Date,
): Promise<number> {
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
  return updated.length;
}

export async function countUnreadMessages(db: Tx, userId: string): Promise<number> {
  const [row] = await db
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
export function listMutualFollowers(db: Tx, userId: string): Promise<MutualFollower[]> {
  const back = aliasedTable(follows, 'follows_back');
  return db
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
