import type { MutualFollower } from '@estudai/contract';
import { aliasedTable, and, asc, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type ChatFacts, type ChatFactsRow, chatFactsColumns, chatFactsOf } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { ASYNC_COMMIT, compiled, prepared } from '../../db/prepared.ts';
import { conversations, follows, hiddenWords, messages, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql-rows.ts';
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

/** A message as a raw statement answers it (snake_case; timestamps as text or JSON strings). */
interface RawMessage {
  id: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  client_id: string | null;
  created_at: string | Date;
  read_at: string | Date | null;
  hidden_at: string | Date | null;
  erased_at: string | Date | null;
  held_at: string | Date | null;
  first_contact: boolean;
}

const dateOf = (value: string | Date | null) => (value === null ? null : new Date(value));

function messageOf(raw: RawMessage): MessageRow {
  return {
    id: raw.id,
    conversationId: raw.conversation_id,
    senderId: raw.sender_id,
    content: raw.content,
    clientId: raw.client_id,
    createdAt: new Date(raw.created_at),
    readAt: dateOf(raw.read_at),
    hiddenAt: dateOf(raw.hidden_at),
    erasedAt: dateOf(raw.erased_at),
    heldAt: dateOf(raw.held_at),
    firstContact: raw.first_contact,
  };
}

/**
 * Everything a send asks before it writes (issue 41; it was nine statements one after another): the
 * conversation if the sender takes part in it, the chat rule's facts about both people
 * (access/chat.ts), the sender's strike limit and the recipient's hidden words — `facts`, one row,
 * none when the sender takes no part — with its fingerprint (the row's text, hashed), whether the
 * sender wrote here before (the first-contact card) and the message a retry's clientId already stored.
 */
function sendFactsWith(...rest: SQL[]): SQL {
  const me = sql.placeholder('me');
  return sql`with ${sql.join(rest, sql`, `)}${rest.length > 0 ? sql`, ` : sql``}facts as (
      select c.id as conversation_id, ${chatFactsColumns},
        chat_me.limited_until as me_limited_until,
        ${hiddenWords.words} as other_words, ${hiddenWords.useDefaults} as other_use_defaults
      from ${conversations} as c
      inner join ${users} as chat_me on chat_me.id = ${me}
      left join ${users} as chat_other
        on chat_other.id = case when c.user_a = chat_me.id then c.user_b else c.user_a end
      left join ${hiddenWords} on ${hiddenWords.userId} = chat_other.id
      where c.id = ${sql.placeholder('conversation')} and (c.user_a = chat_me.id or c.user_b = chat_me.id)),
    checked as (
      select facts.*, md5(facts::text) as fingerprint,
        exists (select 1 from ${messages} where ${messages.conversationId} = facts.conversation_id
          and ${messages.senderId} = facts.me_id) as wrote_before,
        (select row_to_json(existing) from ${messages} as existing
          where existing.sender_id = facts.me_id and existing.client_id = ${sql.placeholder('clientId')}::text) as existing
      from facts)`;
}

const sendFactsStatement = compiled(() => prepared(sql`${sendFactsWith()} select * from checked`));

/** What a send knows before it writes; `fingerprint` names `facts` as they were read. */
export interface SendFacts {
  chat: ChatFacts;
  limitedUntil: Date | null;
  recipientWords: { birthDate: string | null; words: string[] | null; useDefaults: boolean | null };
  wroteBefore: boolean;
  /** The message this clientId already stored (a retry). */
  existing: MessageRow | null;
  fingerprint: string;
}

type SendFactsRow = ChatFactsRow & {
  me_limited_until: string | Date | null;
  other_words: string[] | null;
  other_use_defaults: boolean | null;
  fingerprint: string;
  wrote_before: boolean;
  existing: RawMessage | null;
};

function sendFactsOf(row: SendFactsRow): SendFacts {
  return {
    chat: chatFactsOf(row),
    limitedUntil: dateOf(row.me_limited_until),
    recipientWords: {
      birthDate: row.other_birth_date,
      words: row.other_words,
      useDefaults: row.other_use_defaults,
    },
    wroteBefore: row.wrote_before === true,
    existing: row.existing ? messageOf(row.existing) : null,
    fingerprint: row.fingerprint,
  };
}

/** `sendFactsWith`'s answer; undefined when the sender takes no part in the conversation. */
export async function findSendFacts(
  db: Tx,
  values: { me: string; conversation: string; clientId: string | null },
): Promise<SendFacts | undefined> {
  const [row] = rowsOf<SendFactsRow>(await sendFactsStatement(db, values));
  return row ? sendFactsOf(row) : undefined;
}

// The chat's writes commit without waiting for PostgreSQL to flush its log to disk (`ASYNC_COMMIT`,
// decision 062): a crash of the database server (not of the app) may lose the last fraction of a
// second of messages and read marks, never leave half of one.

/**
 * The message and the conversation's last-message time, written only if the facts the rule was asked
 * about are still the facts (same fingerprint, same first-contact answer, no message with this
 * clientId), in one statement with their read (decision 065). Answers the stored message, or the facts
 * as they are now when they changed; neither when the sender takes no part in the conversation.
 */
const sendIfUnchangedStatement = compiled(() =>
  prepared(sql`${sendFactsWith(ASYNC_COMMIT)},
    inserted as (
      insert into ${messages} (conversation_id, sender_id, content, client_id, held_at, first_contact)
      select checked.conversation_id, checked.me_id, ${sql.placeholder('content')},
        ${sql.placeholder('clientId')}::text, ${sql.placeholder('heldAt')}::timestamptz,
        ${sql.placeholder('firstContact')}::boolean
      from checked
      where checked.fingerprint = ${sql.placeholder('fingerprint')}::text
        and checked.wrote_before = ${sql.placeholder('wroteBefore')}::boolean and checked.existing is null
      returning *),
    touched as (
      update ${conversations} set last_message_at = inserted.created_at from inserted
      where ${conversations.id} = inserted.conversation_id)
    select checked.*, row_to_json(inserted) as inserted from checked left join inserted on true, async_commit`),
);

export type SendOutcome = { stored: MessageRow } | { changed: SendFacts } | { gone: true };

export async function insertMessageIfUnchanged(
  db: Tx,
  values: {
    me: string;
    conversation: string;
    content: string;
    clientId: string | null;
    heldAt: Date | null;
    firstContact: boolean;
    /** What the rule was asked about: `SendFacts.fingerprint` and `wroteBefore`. */
    fingerprint: string;
    wroteBefore: boolean;
  },
): Promise<SendOutcome> {
  const [row] = rowsOf<SendFactsRow & { inserted: RawMessage | null }>(
    await sendIfUnchangedStatement(db, { ...values, heldAt: values.heldAt?.toISOString() ?? null }),
  );
  if (!row) return { gone: true };
  return row.inserted ? { stored: messageOf(row.inserted) } : { changed: sendFactsOf(row) };
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

/**
 * Marks the other participant's unread messages read at `readAt`, in one statement: the
 * conversation's two people and how many were read; undefined when `userId` takes no part in it.
 */
const markReadStatement = compiled(() => {
  const me = sql.placeholder('me');
  return prepared(sql`with ${ASYNC_COMMIT},
    c as (
      select id, user_a, user_b from ${conversations}
      where id = ${sql.placeholder('conversation')} and (user_a = ${me} or user_b = ${me})),
    marked as (
      update ${messages} set read_at = ${sql.placeholder('readAt')}::timestamptz
      where ${messages.conversationId} in (select id from c) and ${messages.senderId} <> ${me}
        and ${messages.readAt} is null
      returning 1)
    select c.user_a, c.user_b, (select count(*)::int from marked) as read from c, async_commit`);
});

export async function markMessagesRead(
  db: Tx,
  conversationId: string,
  userId: string,
  readAt: Date,
): Promise<{ userA: string; userB: string; read: number } | undefined> {
  const [row] = rowsOf<{ user_a: string; user_b: string; read: number }>(
    await markReadStatement(db, { conversation: conversationId, me: userId, readAt: readAt.toISOString() }),
  );
  return row && { userA: row.user_a, userB: row.user_b, read: Number(row.read) };
}

/** Unread messages from others in all of `userId`'s conversations (the badge), a named statement. */
const unreadStatement = compiled(() => {
  const me = sql.placeholder('me');
  return prepared(sql`select count(*)::int as n from ${messages}
    inner join ${conversations} on ${conversations.id} = ${messages.conversationId}
    where (${conversations.userA} = ${me} or ${conversations.userB} = ${me})
      and ${messages.senderId} <> ${me} and ${messages.readAt} is null`);
});

export async function countUnreadMessages(db: Tx, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await unreadStatement(db, { me: userId }));
  return Number(row?.n ?? 0);
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
