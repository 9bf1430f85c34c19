import {
  type CreateCommentInput,
  POST_MESSAGES,
  type PostComment,
  type UpdateCommentInput,
} from '@estudai/contract';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { notBlockedEitherWay, postVisibleTo } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { commentLikes, comments, posts, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { deliver } from '../notifications/index.ts';
import { toComment, toCommentThreads } from './comments.present.ts';
import { notifyComment, requireMentionable } from './posts.notifications.ts';
import { findActionablePost } from './posts.queries.ts';
import { rethrowMissing } from './posts.service.ts';

export const COMMENT_NOT_FOUND = 'Comentário não encontrado.';
const COMMENT_EDIT_FORBIDDEN = 'Você só pode editar os seus comentários.';

const authorFields = {
  id: users.id,
  displayName: users.displayName,
  username: users.username,
  avatar: users.avatar,
  userType: users.userType,
  isVerified: users.isVerified,
};

async function actionablePostId(db: Tx, viewerId: string, postId: string): Promise<string> {
  const post = await findActionablePost(db, viewerId, postId);
  if (!post) throw notFound(POST_MESSAGES.notFound);
  return post.id;
}

/** A comment on a post the viewer may act on, by someone on neither side of a block with them. */
async function findComment(db: Tx, viewerId: string, commentId: string) {
  if (!isUuid(commentId)) return undefined;
  const [row] = await db
    .select({ comment: comments })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(users, and(eq(users.id, posts.authorId), isNull(users.suspendedAt)))
    .where(
      and(
        eq(comments.id, commentId),
        isNull(comments.hiddenAt),
        postVisibleTo(viewerId),
        notBlockedEitherWay(viewerId, comments.authorId),
      ),
    )
    .limit(1);
  return row?.comment;
}

/** A comment the viewer may see, for a report ('Denunciar'): undefined when they may not. */
export async function findReportableComment(db: Tx, viewerId: string, commentId: string) {
  return findComment(db, viewerId, commentId);
}

/** Hides a comment from everyone but admins (a report), or shows it again (a decision). */
export async function setCommentHidden(db: Tx, commentId: string, hidden: boolean): Promise<void> {
  await db
    .update(comments)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(eq(comments.id, commentId));
}

/**
 * Every comment of a post, oldest first, replies under their top-level comment; none by someone
 * the viewer blocked or who blocked them (issue 21).
 */
export async function listComments(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
): Promise<PostComment[]> {
  const { db } = ctx.database;
  const id = await actionablePostId(db, viewer.id, postId);
  const rows = await db
    .select({
      comment: comments,
      author: authorFields,
      isLiked: sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewer.id})`,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(
      and(
        eq(comments.postId, id),
        isNull(comments.hiddenAt),
        notBlockedEitherWay(viewer.id, comments.authorId),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return toCommentThreads(rows);
}

/**
 * Adds a comment (a reply to a reply attaches to the top comment). The post's row is locked by
 * its counter update first, so a concurrent delete counts exactly what it removes.
 */
export async function createComment(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  input: CreateCommentInput,
): Promise<PostComment> {
  const { db } = ctx.database;
  const post = await findActionablePost(db, viewer.id, postId);
  if (!post) throw notFound(POST_MESSAGES.notFound);
  const id = post.id;
  await requireMentionable(db, viewer.id, input.content);
  let parentId: string | null = null;
  let parentAuthorId: string | null = null;
  if (input.parentId) {
    const parent = await findComment(db, viewer.id, input.parentId);
    if (!parent || parent.postId !== id) throw notFound(COMMENT_NOT_FOUND);
    parentId = parent.parentId ?? parent.id;
    parentAuthorId = parent.authorId;
  }
  try {
    const { comment, notifications } = await db.transaction(async (tx) => {
      await tx
        .update(posts)
        .set({ commentsCount: sql`${posts.commentsCount} + 1` })
        .where(eq(posts.id, id));
      const [row] = await tx
        .insert(comments)
        .values({ postId: id, parentId, authorId: viewer.id, content: input.content })
        .returning();
      if (!row) throw new Error('insert returned no comment');
      return { comment: row, notifications: await notifyComment(tx, viewer, post, row, parentAuthorId) };
    });
    deliver(ctx, notifications);
    ctx.bus.publish('post.commentCountChanged', { postId: id });
    return toComment({ comment, author: viewer, isLiked: false });
  } catch (error) {
    rethrowMissing(error, parentId ? COMMENT_NOT_FOUND : POST_MESSAGES.notFound);
  }
}

/** `PATCH /api/comments/{id}`: authors change their comment's text; it shows 'editado' once changed. */
export async function updateComment(
  ctx: AppContext,
  viewer: SessionUser,
  commentId: string,
  input: UpdateCommentInput,
  now = new Date(),
): Promise<PostComment> {
  const { db } = ctx.database;
  const comment = await findComment(db, viewer.id, commentId);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  if (comment.authorId !== viewer.id) throw forbidden(COMMENT_EDIT_FORBIDDEN);
  await requireMentionable(db, viewer.id, input.content);
  const [row] =
    input.content === comment.content
      ? [comment]
      : await db
          .update(comments)
          .set({ content: input.content, editedAt: now })
          .where(eq(comments.id, comment.id))
          .returning();
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  const [liked] = await db
    .select({ id: commentLikes.commentId })
    .from(commentLikes)
    .where(and(eq(commentLikes.commentId, row.id), eq(commentLikes.userId, viewer.id)))
    .limit(1);
  return toComment({ comment: row, author: viewer, isLiked: Boolean(liked) });
}

/** Authors delete their comments; a top-level comment takes its replies along. */
export async function deleteComment(ctx: AppContext, viewer: SessionUser, commentId: string): Promise<void> {
  const comment = await findComment(ctx.database.db, viewer.id, commentId);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  if (comment.authorId !== viewer.id) throw forbidden(POST_MESSAGES.deleteForbidden);
  await ctx.database.db.transaction(async (tx) => {
    await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, comment.postId)).for('update');
    const removed = await tx
      .delete(comments)
      .where(or(eq(comments.id, comment.id), eq(comments.parentId, comment.id)))
      .returning({ id: comments.id });
    if (!removed.length) return;
    await tx
      .update(posts)
      .set({ commentsCount: sql`greatest(${posts.commentsCount} - ${removed.length}, 0)` })
      .where(eq(posts.id, comment.postId));
  });
  ctx.bus.publish('post.commentCountChanged', { postId: comment.postId });
}

/** Like or unlike a comment, idempotently, with an exact counter. */
export async function setCommentLiked(
  ctx: AppContext,
  viewer: SessionUser,
  commentId: string,
  liked: boolean,
) {
  const comment = await findComment(ctx.database.db, viewer.id, commentId);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  try {
    return await ctx.database.db.transaction(async (tx) => {
      const changed = liked
        ? await tx
            .insert(commentLikes)
            .values({ commentId: comment.id, userId: viewer.id })
            .onConflictDoNothing()
            .returning({ id: commentLikes.commentId })
        : await tx
            .delete(commentLikes)
            .where(and(eq(commentLikes.commentId, comment.id), eq(commentLikes.userId, viewer.id)))
            .returning({ id: commentLikes.commentId });
      const [row] = changed.length
        ? await tx
            .update(comments)
            .set({ likesCount: sql`${comments.likesCount} + ${liked ? 1 : -1}` })
            .where(eq(comments.id, comment.id))
            .returning({ likesCount: comments.likesCount })
        : await tx
            .select({ likesCount: comments.likesCount })
            .from(comments)
            .where(eq(comments.id, comment.id));
      if (!row) throw notFound(COMMENT_NOT_FOUND);
      return { isLiked: liked, likesCount: row.likesCount };
    });
  } catch (error) {
    rethrowMissing(error, COMMENT_NOT_FOUND);
  }
}
