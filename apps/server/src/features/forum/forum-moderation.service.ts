import { type ForumTopic, GROUP_MESSAGES } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  countReplies,
  findComment,
  findTopic,
  markCommentDeleted,
  markTopicDeleted,
  selectTopicForModerator,
  setCommentHiddenAt,
  updateTopic,
} from './forum.queries.ts';
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
  const topic = await selectTopicForModerator(ctx.database.db, viewer.id, topicId);
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
  await updateTopic(ctx.database.db, topic.id, { isPinned });
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
  await updateTopic(ctx.database.db, topic.id, { isClosed });
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
  await updateTopic(ctx.database.db, topic.id, {
    hiddenAt: isHidden ? (topic.hiddenAt ?? ctx.clock()) : null,
  });
  return asModerator(ctx, viewer, topic.id);
}

export async function deleteTopic(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  topicId: string,
): Promise<void> {
  const topic = await moderated(ctx, viewer, groupId, topicId);
  await markTopicDeleted(ctx.database.db, topic.id, ctx.clock());
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
    if (await setCommentHiddenAt(tx, comment.id, isHidden ? now : null))
      await countReplies(tx, topic.id, isHidden ? -1 : 1);
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
    const deleted = await markCommentDeleted(tx, comment.id, ctx.clock());
    // A hidden reply was already out of the count.
    if (deleted && !deleted.hiddenAt) await countReplies(tx, topic.id, -1);
  });
  return asModerator(ctx, viewer, topic.id);
}
