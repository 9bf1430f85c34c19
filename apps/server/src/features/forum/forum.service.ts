import type { CreateTopicInput, ForumComment, ForumTopic, PageQuery } from '@estudai/contract';
import { GROUP_MESSAGES } from '@estudai/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type GroupAccess, requireGroupContentAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { forumCommentLikes, forumComments, forumTopicLikes, forumTopics } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { pgErrorCode } from '../../lib/pg-errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { announceGroupNews } from '../groups/index.ts';
import { deliver, notify } from '../notifications/index.ts';
import { toForumComment, toForumTopic } from './forum.present.ts';
import { findComment, findTopic, selectTopics } from './forum.queries.ts';

// The group's forum: members and the owner read and write; outsiders get 404 like any content.

const topicNotFound = () => notFound(GROUP_MESSAGES.topicNotFound);
const commentNotFound = () => notFound(GROUP_MESSAGES.commentNotFound);

/** A row that vanished under us (group or topic deleted meanwhile) is a 404, not a 500. */
function rethrowMissing(error: unknown, missing: () => Error): never {
  if (pgErrorCode(error) === '23503') throw missing();
  throw error;
}

export async function access(ctx: AppContext, viewer: SessionUser, groupId: string): Promise<GroupAccess> {
  return requireGroupContentAccess(ctx.database.db, groupId, viewer.id);
}

async function topicOf(ctx: AppContext, viewer: SessionUser, groupId: string, topicId: string) {
  const { group, canManage } = await access(ctx, viewer, groupId);
  const topic = await findTopic(ctx.database.db, group.id, topicId, canManage);
  if (!topic) throw topicNotFound();
  return { group, canManage, topic };
}

export async function listTopics(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  { page, limit }: PageQuery,
): Promise<{ data: ForumTopic[]; hasMore: boolean }> {
  const { group, canManage } = await access(ctx, viewer, groupId);
  const topics = await selectTopics(
    ctx.database.db,
    viewer.id,
    eq(forumTopics.studyGroupId, group.id),
    { limit: limit + 1, offset: (page - 1) * limit },
    canManage,
  );
  return { data: topics.slice(0, limit), hasMore: topics.length > limit };
}

export async function createTopic(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  input: CreateTopicInput,
): Promise<ForumTopic> {
  const { group } = await access(ctx, viewer, groupId);
  try {
    const [row] = await ctx.database.db
      .insert(forumTopics)
      .values({ studyGroupId: group.id, authorId: viewer.id, title: input.title, content: input.content })
      .returning();
    if (!row) throw new Error('insert returned no topic');
    announceGroupNews(ctx, { groupId: group.id, actorId: viewer.id, news: 'forum_topic' });
    return toForumTopic(row, viewer, false, []);
  } catch (error) {
    rethrowMissing(error, () => notFound(GROUP_MESSAGES.notFound));
  }
}

/**
 * Likes, or unlikes if already liked. Inside one transaction the like row is inserted, or deleted
 * when it was there, and the counter moves only by the row that changed, so it stays exact
 * however many toggles race.
 */
async function toggle(
  like: () => Promise<unknown[]>,
  unlike: () => Promise<unknown[]>,
  bump: (delta: number) => Promise<{ likesCount: number }[]>,
) {
  if ((await like()).length > 0) {
    const [row] = await bump(1);
    return { isLiked: true, likesCount: row?.likesCount ?? 0 };
  }
  const removed = (await unlike()).length;
  const [row] = await bump(removed ? -1 : 0);
  return { isLiked: false, likesCount: row?.likesCount ?? 0 };
}

export async function toggleTopicLike(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  topicId: string,
) {
  const { topic } = await topicOf(ctx, viewer, groupId, topicId);
  const mine = and(eq(forumTopicLikes.topicId, topic.id), eq(forumTopicLikes.userId, viewer.id));
  try {
    return await ctx.database.db.transaction((tx) =>
      toggle(
        () =>
          tx
            .insert(forumTopicLikes)
            .values({ topicId: topic.id, userId: viewer.id })
            .onConflictDoNothing()
            .returning({ id: forumTopicLikes.topicId }),
        () => tx.delete(forumTopicLikes).where(mine).returning({ id: forumTopicLikes.topicId }),
        (delta) =>
          tx
            .update(forumTopics)
            .set({ likesCount: sql`${forumTopics.likesCount} + ${delta}` })
            .where(eq(forumTopics.id, topic.id))
            .returning({ likesCount: forumTopics.likesCount }),
      ),
    );
  } catch (error) {
    rethrowMissing(error, topicNotFound);
  }
}

export async function toggleCommentLike(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  topicId: string,
  commentId: string,
) {
  const { topic, canManage } = await topicOf(ctx, viewer, groupId, topicId);
  const comment = await findComment(ctx.database.db, topic.id, commentId, canManage);
  if (!comment) throw commentNotFound();
  const mine = and(eq(forumCommentLikes.commentId, comment.id), eq(forumCommentLikes.userId, viewer.id));
  try {
    return await ctx.database.db.transaction((tx) =>
      toggle(
        () =>
          tx
            .insert(forumCommentLikes)
            .values({ commentId: comment.id, userId: viewer.id })
            .onConflictDoNothing()
            .returning({ id: forumCommentLikes.commentId }),
        () => tx.delete(forumCommentLikes).where(mine).returning({ id: forumCommentLikes.commentId }),
        (delta) =>
          tx
            .update(forumComments)
            .set({ likesCount: sql`${forumComments.likesCount} + ${delta}` })
            .where(eq(forumComments.id, comment.id))
            .returning({ likesCount: forumComments.likesCount }),
      ),
    );
  } catch (error) {
    rethrowMissing(error, commentNotFound);
  }
}

/** A reply: counted on the topic in the same transaction; the topic's author is told (not oneself). */
export async function createComment(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  topicId: string,
  content: string,
): Promise<ForumComment> {
  const { group, topic } = await topicOf(ctx, viewer, groupId, topicId);
  if (topic.isClosed) throw conflict(GROUP_MESSAGES.topicClosed);
  try {
    const { comment, notification } = await ctx.database.db.transaction(async (tx) => {
      // Closed meanwhile: the guard on the counter decides, so no reply slips past the close.
      const [counted] = await tx
        .update(forumTopics)
        .set({ repliesCount: sql`${forumTopics.repliesCount} + 1` })
        .where(and(eq(forumTopics.id, topic.id), eq(forumTopics.isClosed, false)))
        .returning({ id: forumTopics.id });
      if (!counted) throw conflict(GROUP_MESSAGES.topicClosed);
      const [row] = await tx
        .insert(forumComments)
        .values({ topicId: topic.id, authorId: viewer.id, content })
        .returning();
      if (!row) throw new Error('insert returned no comment');
      const notification = await notify(tx, {
        userId: topic.authorId,
        actorId: viewer.id,
        type: 'comment',
        title: 'Nova resposta no fórum',
        message: `${viewer.displayName} respondeu ao seu tópico "${topic.title}".`,
        actionUrl: `/study-groups/${group.id}/forum`,
      });
      return { comment: row, notification };
    });
    deliver(ctx, [notification]);
    return toForumComment(comment, viewer, false);
  } catch (error) {
    rethrowMissing(error, topicNotFound);
  }
}
