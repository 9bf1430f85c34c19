import { randomUUID } from 'node:crypto';
import { PRIVACY_MESSAGES } from '@estudai/contract';
import { and, eq, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  commentLikes,
  comments,
  conversations,
  domainEventOutbox,
  forumCommentLikes,
  forumComments,
  forumTopicLikes,
  groupPayments,
  loginFailures,
  messages,
  pollVotes,
  postLikes,
  users,
  waitlistEntries,
} from '../../db/schema/index.ts';

/** The account's erasure is due at `scheduledFor`. */
export async function scheduleDeletion(db: Tx, userId: string, scheduledFor: Date, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ deletionScheduledFor: scheduledFor, updatedAt: now })
    .where(eq(users.id, userId));
}

/** A row standing in for the erased person where others keep something (their side of a chat). */
export async function insertStandIn(tx: Tx, now: Date): Promise<string> {
  const id = randomUUID();
  const tag = id.replaceAll('-', '').slice(0, 16);
  await tx.insert(users).values({
    id,
    email: `conta-excluida-${tag}@invalid`,
    username: `excluida_${tag}`,
    displayName: PRIVACY_MESSAGES.erasedAccountName,
    userType: 'aluno',
    emailVerified: false,
    suspendedAt: now,
    erasedAt: now,
  });
  return id;
}

/** The person's conversations, each with whether the partner was erased before. */
export function conversationsWithPartners(tx: Tx, userId: string) {
  return tx
    .select({ conversation: conversations, partnerErased: users.erasedAt })
    .from(conversations)
    .innerJoin(
      users,
      eq(
        users.id,
        sql`case when ${conversations.userA} = ${userId} then ${conversations.userB} else ${conversations.userA} end`,
      ),
    )
    .where(or(eq(conversations.userA, userId), eq(conversations.userB, userId)));
}

export async function setConversationPair(
  tx: Tx,
  conversationId: string,
  pair: { userA: string; userB: string },
): Promise<void> {
  await tx.update(conversations).set(pair).where(eq(conversations.id, conversationId));
}

/** The person's messages in these conversations move to the stand-in and lose their text. */
export async function eraseMessages(
  tx: Tx,
  userId: string,
  conversationIds: string[],
  standIn: string,
  now: Date,
): Promise<void> {
  await tx
    .update(messages)
    .set({ senderId: standIn, content: '', clientId: null, erasedAt: now })
    .where(and(eq(messages.senderId, userId), inArray(messages.conversationId, conversationIds)));
}

/** What the person liked, voted on or commented: the counters there are recounted afterwards. */
export async function touchedCounters(tx: Tx, userId: string) {
  const ids = async <T extends { id: string }>(rows: Promise<T[]>) => [
    ...new Set((await rows).map((r) => r.id)),
  ];
  return {
    posts: [
      ...new Set([
        ...(await ids(
          tx.select({ id: postLikes.postId }).from(postLikes).where(eq(postLikes.userId, userId)),
        )),
        ...(await ids(
          tx.select({ id: comments.postId }).from(comments).where(eq(comments.authorId, userId)),
        )),
        ...(await ids(
          tx.select({ id: pollVotes.postId }).from(pollVotes).where(eq(pollVotes.userId, userId)),
        )),
      ]),
    ],
    comments: await ids(
      tx.select({ id: commentLikes.commentId }).from(commentLikes).where(eq(commentLikes.userId, userId)),
    ),
    topics: [
      ...new Set([
        ...(await ids(
          tx
            .select({ id: forumTopicLikes.topicId })
            .from(forumTopicLikes)
            .where(eq(forumTopicLikes.userId, userId)),
        )),
        ...(await ids(
          tx
            .select({ id: forumComments.topicId })
            .from(forumComments)
            .where(eq(forumComments.authorId, userId)),
        )),
      ]),
    ],
    forumComments: await ids(
      tx
        .select({ id: forumCommentLikes.commentId })
        .from(forumCommentLikes)
        .where(eq(forumCommentLikes.userId, userId)),
    ),
  };
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Counters others see (likes, comments, votes, replies) recounted from the rows that remain. */
export async function recount(tx: Tx, touched: Awaited<ReturnType<typeof touchedCounters>>): Promise<void> {
  if (touched.posts.length) {
    await tx.execute(sql`update posts set
      likes_count = (select count(*) from post_likes l where l.post_id = posts.id),
      comments_count = (select count(*) from comments c where c.post_id = posts.id),
      poll_vote_counts = case when poll_vote_counts is null then null else (
        select array_agg((select count(*) from poll_votes v where v.post_id = posts.id and v.option_index = i - 1)::int order by i)
        from generate_subscripts(poll_vote_counts, 1) as i) end
      where id in (${idList(touched.posts)})`);
  }
  if (touched.comments.length) {
    await tx.execute(sql`update comments set
      likes_count = (select count(*) from comment_likes l where l.comment_id = comments.id)
      where id in (${idList(touched.comments)})`);
  }
  if (touched.topics.length) {
    await tx.execute(sql`update forum_topics set
      likes_count = (select count(*) from forum_topic_likes l where l.topic_id = forum_topics.id),
      replies_count = (select count(*) from forum_comments c where c.topic_id = forum_topics.id)
      where id in (${idList(touched.topics)})`);
  }
  if (touched.forumComments.length) {
    await tx.execute(sql`update forum_comments set
      likes_count = (select count(*) from forum_comment_likes l where l.comment_id = forum_comments.id)
      where id in (${idList(touched.forumComments)})`);
  }
}

/** The account, if its erasure is due at `now`, locked (another process erasing it: skipped). */
export async function lockDueAccount(tx: Tx, userId: string, now: Date) {
  const [user] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), lte(users.deletionScheduledFor, now)))
    .for('update', { skipLocked: true });
  return user;
}

/** Payments of the person that were not approved (approved ones stay, as tax records). */
export async function deleteUnapprovedPayments(tx: Tx, userId: string): Promise<void> {
  await tx
    .delete(groupPayments)
    .where(and(eq(groupPayments.userId, userId), ne(groupPayments.status, 'approved')));
}

/** The account's row: every other row of theirs goes with it (ON DELETE CASCADE). */
export async function deleteUser(tx: Tx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}

/** Accounts whose deletion date has passed at `now` (at most 100). */
export function dueAccounts(db: Tx, now: Date) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletionScheduledFor), lte(users.deletionScheduledFor, now)))
    .limit(100);
}

/**
 * What is kept under the person's e-mail and names no user id (issue 37): their failed sign-ins and
 * their waiting-list entry.
 */
export async function deleteRowsByEmail(tx: Tx, email: string): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.email, email));
  await tx.delete(waitlistEntries).where(eq(waitlistEntries.email, email));
}

/**
 * Work still waiting that names the person (issue 37): queued jobs (a mail to their address) and
 * domain events not yet handled, whose payloads hold their id or e-mail.
 */
export async function deletePendingWorkNaming(tx: Tx, person: { id: string; email: string }): Promise<void> {
  await tx
    .delete(domainEventOutbox)
    .where(sql`position(${person.id} in ${domainEventOutbox.payload}::text) > 0`);
  await tx.execute(sql`delete from pgboss.job where state in ('created', 'retry')
    and (position(${person.id} in data::text) > 0 or position(${person.email} in data::text) > 0)`);
}
