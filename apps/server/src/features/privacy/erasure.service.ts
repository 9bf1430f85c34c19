import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_DELETION_DAYS,
  type DeletionScheduled,
  deletionScheduledMessage,
  MINORS_ERROR_CODES,
  PRIVACY_MESSAGES,
} from '@estudai/contract';
import { and, eq, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  commentLikes,
  comments,
  conversations,
  dataExports,
  forumCommentLikes,
  forumComments,
  forumTopicLikes,
  groupPayments,
  messages,
  pollVotes,
  postLikes,
  users,
} from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { checkPassword, logoutEverywhere } from '../auth/index.ts';
import { removeExportFiles, uploadedFilesOf } from './export.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'long' });

/**
 * Schedules the erasure of `userId` 7 days ahead and ends their sessions: signing in before then
 * cancels it (auth.service). Whoever asks has checked the right password already.
 */
export async function scheduleErasure(
  ctx: AppContext,
  userId: string,
  now = new Date(),
): Promise<DeletionScheduled> {
  const scheduledFor = new Date(now.getTime() + ACCOUNT_DELETION_DAYS * DAY_MS);
  await ctx.database.db
    .update(users)
    .set({ deletionScheduledFor: scheduledFor, updatedAt: now })
    .where(eq(users.id, userId));
  await logoutEverywhere(ctx, userId);
  return {
    scheduledFor: scheduledFor.toISOString(),
    message: deletionScheduledMessage(dateFormat.format(scheduledFor)),
  };
}

/** `DELETE /api/users/me {password}` (and a guardian's for their teen, with the guardian's password). */
export async function requirePassword(user: SessionUser, password: string): Promise<void> {
  if (!user.passwordHash) throw forbidden(PRIVACY_MESSAGES.noPassword, MINORS_ERROR_CODES.wrongPassword);
  if (!(await checkPassword(user, password))) {
    throw forbidden(PRIVACY_MESSAGES.wrongPassword, MINORS_ERROR_CODES.wrongPassword);
  }
}

/** A row standing in for the erased person where others keep something (their side of a chat). */
async function insertStandIn(tx: Tx, now: Date): Promise<string> {
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

/**
 * The partner keeps the thread: the person's side moves to a stand-in ('Conta excluída') and their
 * messages lose their text ('Mensagem apagada'). A thread whose partner was erased before goes.
 */
async function handOverConversations(tx: Tx, userId: string, now: Date): Promise<void> {
  const rows = await tx
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
  const kept = rows.filter((row) => !row.partnerErased).map((row) => row.conversation);
  if (kept.length === 0) return;
  const standIn = await insertStandIn(tx, now);
  for (const conversation of kept) {
    const partner = conversation.userA === userId ? conversation.userB : conversation.userA;
    // The pair stays ordered (user_a < user_b), whatever the stand-in's id.
    const [userA, userB] = partner < standIn ? [partner, standIn] : [standIn, partner];
    await tx.update(conversations).set({ userA, userB }).where(eq(conversations.id, conversation.id));
  }
  await tx
    .update(messages)
    .set({ senderId: standIn, content: '', clientId: null, erasedAt: now })
    .where(
      and(
        eq(messages.senderId, userId),
        inArray(
          messages.conversationId,
          kept.map((conversation) => conversation.id),
        ),
      ),
    );
}

/** What the person liked, voted on or commented: the counters there are recounted afterwards. */
async function touchedCounters(tx: Tx, userId: string) {
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
async function recount(tx: Tx, touched: Awaited<ReturnType<typeof touchedCounters>>): Promise<void> {
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

/**
 * Erases one account whose time has come, in one transaction (the row is locked, so two processes
 * never erase it twice): posts, comments and everything else of theirs go with the row; a chat
 * partner keeps the thread ('Mensagem apagada'); approved payments stay as tax records without the
 * person; the evidence of a child-exploitation report stays (ERASURE_EXCEPTIONS). Their files go.
 */
async function eraseAccount(ctx: AppContext, userId: string, now: Date): Promise<boolean> {
  const erased = await ctx.database.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), lte(users.deletionScheduledFor, now)))
      .for('update', { skipLocked: true });
    if (!user) return false;
    const files = await uploadedFilesOf(tx, userId);
    const exports = await tx
      .select({ fileName: dataExports.fileName })
      .from(dataExports)
      .where(or(eq(dataExports.userId, userId), eq(dataExports.requestedBy, userId)));
    await handOverConversations(tx, userId, now);
    await tx
      .delete(groupPayments)
      .where(and(eq(groupPayments.userId, userId), ne(groupPayments.status, 'approved')));
    const touched = await touchedCounters(tx, userId);
    // Every other row of theirs goes with this one (ON DELETE CASCADE); approved payments keep no id.
    await tx.delete(users).where(eq(users.id, userId));
    await recount(tx, touched);
    // Files before the commit: if it fails, the job runs again and finds nothing more to remove.
    for (const file of files) await ctx.storage.delete(file.key);
    await removeExportFiles(
      ctx,
      exports.map((row) => row.fileName),
    );
    return true;
  });
  if (erased) {
    ctx.sessions.forgetUser(userId);
    ctx.bus.publish('author.changed', { userId, visibility: true });
  }
  return erased;
}

/** The erasure job: every account whose deletion date has passed. Answers how many were erased. */
export async function runErasureJobs(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletionScheduledFor), lte(users.deletionScheduledFor, now)))
    .limit(100);
  let erased = 0;
  for (const { id } of due) if (await eraseAccount(ctx, id, now)) erased++;
  return erased;
}
