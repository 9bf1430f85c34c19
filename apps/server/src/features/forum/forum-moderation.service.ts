import { type ForumTopic, GROUP_MESSAGES } from '@estudai/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { forumComments, forumTopics } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findComment, findTopic, selectTopics } from './forum.queries.ts';
import { access } from './forum.service.ts';

// Forum moderation (issue 24): the owner and co-teachers pin, close, hide and delete topics and
// replies; members get 403. Nothing is erased: a hidden row can be shown again, a deleted one
// never; both vanish for members while their author reads 'Removido pela moderação'.

const topicNotFound = () => notFound(GROUP_MESSAGES.topicNotFound);

async function moderated(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  topicId: string,
  refusal: string = GROUP_MESSAGES.moderationForbidden,
) {
  const { group, canManage } = await access(ctx, viewer, groupId);
  if (!canManage) throw forbidden(refusal);
  const topic = await findTopic(ctx.database.db, group.id, topicId, true);
  if (!topic) throw topicNotFound();
  return topic;
}

/** The topic as its moderator sees it after the change. */
async function asModerator(ctx: AppContext, viewer: SessionUser, topicId: string): Promise<ForumTopic> {
  const [topic] = await selectTopics(
    ctx.database.db,
    viewer.id,
    eq(forumTopics.id, topicId),
    undefined,
    true,
  );
  if (!topic) throw topicNotFound();
  return topic;
}

/** Pinned topics come first in the list. */
export async function setPinned(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  topicId: string,
  isPinned: boolean,
): Promise<ForumTopic> {
  // Pinning predates moderation and keeps its message.
  const topic = await moderated(ctx, viewer, groupId, topicId, GROUP_MESSAGES.editForbidden);
  await ctx.database.db.update(forumTopics).set({ isPinned }).where(eq(forumTopics.id, topic.id));
  return asModerator(ctx, viewer, topic.id);
}

/** A closed topic takes no new replies (409), from anyone. */
export async function setClosed(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  topicId: string,
  isClosed: boolean,
): Promise<ForumTopic> {
  const topic = await moderated(ctx, viewer, groupId, topicId);
  await ctx.database.db.update(forumTopics).set({ isClosed }).where(eq(forumTopics.id, topic.id));
  return asModerator(ctx, viewer, topic.id);
}

export async function setTopicHidden(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  topicId: string,
  isHidden: boolean,
): Promise<ForumTopic> {
  const topic = await moderated(ctx, viewer, groupId, topicId);
  await ctx.database.db
    .update(forumTopics)
    .set({ hiddenAt: isHidden ? (topic.hiddenAt ?? ctx.clock()) : null })
    .where(eq(forumTopics.id, topic.id));
  return asModerator(ctx, viewer, topic.id);
}

export async function deleteTopic(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  topicId: string,
): Promise<void> {
  const topic = await moderated(ctx, viewer, groupId, topicId);
  await ctx.database.db
    .update(forumTopics)
    .set({ deletedAt: ctx.clock() })
    .where(and(eq(forumTopics.id, topic.id), isNull(forumTopics.deletedAt)));
}

async function moderatedComment(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  topicId: string,
  commentId: string,
) {
  const topic = await moderated(ctx, viewer, groupId, topicId);
  const comment = await findComment(ctx.database.db, topic.id, commentId, true);
  if (!comment) throw notFound(GROUP_MESSAGES.commentNotFound);
  return { topic, comment };
}

const countReplies = (delta: number) => ({
  repliesCount: sql`greatest(${forumTopics.repliesCount} + ${delta}, 0)`,
});

/**
 * Hides a reply or shows it again. The topic's count follows only the row that really changed
 * state, inside one transaction, so two moderators clicking at once count once.
 */
export async function setCommentHidden(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  topicId: string,
  commentId: string,
  isHidden: boolean,
): Promise<ForumTopic> {
  const { topic, comment } = await moderatedComment(ctx, viewer, groupId, topicId, commentId);
  const now = ctx.clock();
  await ctx.database.db.transaction(async (tx) => {
    const changed = await tx
      .update(forumComments)
      .set({ hiddenAt: isHidden ? now : null })
      .where(
        and(
          eq(forumComments.id, comment.id),
          isNull(forumComments.deletedAt),
          isHidden ? isNull(forumComments.hiddenAt) : isNotNull(forumComments.hiddenAt),
        ),
      )
      .returning({ id: forumComments.id });
    if (changed.length > 0)
      await tx
        .update(forumTopics)
        .set(countReplies(isHidden ? -1 : 1))
        .where(eq(forumTopics.id, topic.id));
  });
  return asModerator(ctx, viewer, topic.id);
}

export async function deleteComment(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  topicId: string,
  commentId: string,
): Promise<ForumTopic> {
  const { topic, comment } = await moderatedComment(ctx, viewer, groupId, topicId, commentId);
  await ctx.database.db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(forumComments)
      .set({ deletedAt: ctx.clock() })
      .where(and(eq(forumComments.id, comment.id), isNull(forumComments.deletedAt)))
      .returning({ hiddenAt: forumComments.hiddenAt });
    // A hidden reply was already out of the count.
    if (deleted && !deleted.hiddenAt)
      await tx.update(forumTopics).set(countReplies(-1)).where(eq(forumTopics.id, topic.id));
  });
  return asModerator(ctx, viewer, topic.id);
}
