import type { CreateTopicInput, ForumComment, ForumTopic, PageQuery } from '@estudai/contract';
import { GROUP_MESSAGES } from '@estudai/contract';
import { type GroupAccess, requireGroupContentAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { pgErrorCode } from '../../lib/pg-errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { toForumComment, toForumTopic } from './forum.present.ts';
import {
  commentLikeQueries,
  countReplyUnlessClosed,
  findComment,
  findTopic,
  insertComment,
  insertTopic,
  type LikeToggleQueries,
  selectGroupTopics,
  topicLikeQueries,
} from './forum.queries.ts';

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
  const topics = await selectGroupTopics(
    ctx.database.db,
    viewer.id,
    group.id,
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
    const row = await ctx.events.transaction(async (tx) => {
      const inserted = await insertTopic(tx, {
        studyGroupId: group.id,
        authorId: viewer.id,
        title: input.title,
        content: input.content,
      });
      // The group's members hear of it (notifications/subscribers/groups.ts).
      await ctx.events.emit(tx, 'group.contentAdded', {
        groupId: group.id,
        actorId: viewer.id,
        news: 'forum_topic',
      });
      return inserted;
    });
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
async function toggle({ like, unlike, bump }: LikeToggleQueries) {
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
  try {
    return await ctx.database.db.transaction((tx) => toggle(topicLikeQueries(tx, topic.id, viewer.id)));
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
  try {
    return await ctx.database.db.transaction((tx) => toggle(commentLikeQueries(tx, comment.id, viewer.id)));
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
    const comment = await ctx.events.transaction(async (tx) => {
      // Closed meanwhile: the guard on the counter decides, so no reply slips past the close.
      if (!(await countReplyUnlessClosed(tx, topic.id))) throw conflict(GROUP_MESSAGES.topicClosed);
      const row = await insertComment(tx, { topicId: topic.id, authorId: viewer.id, content });
      await ctx.events.emit(tx, 'forum.topicReplied', {
        groupId: group.id,
        topicId: topic.id,
        topicTitle: topic.title,
        topicAuthorId: topic.authorId,
        replierId: viewer.id,
        replierName: viewer.displayName,
      });
      return row;
    });
    return toForumComment(comment, viewer, false);
  } catch (error) {
    rethrowMissing(error, topicNotFound);
  }
}
