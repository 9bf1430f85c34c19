import {
  type CreateCommentInput,
  POST_MESSAGES,
  type PostComment,
  type UpdateCommentInput,
} from '@estudai/contract';
import { hiddenWordsFilter, requireNotLimited } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { toComment, toCommentThreads } from './comments.present.ts';
import {
  countNewComment,
  countRemovedComments,
  deleteCommentAndReplies,
  findComment,
  insertComment,
  isCommentLikedBy,
  listCommentRows,
  lockPost,
  moveCommentLikes,
  readCommentLikes,
  updateCommentContent,
  writeCommentLikeRow,
} from './comments.queries.ts';
import { mentionedReaders, requireMentionable } from './posts.mentions.ts';
import { findActionablePost, whoReads } from './posts.queries.ts';
import { rethrowMissing } from './posts.service.ts';

export const COMMENT_NOT_FOUND = 'Comentário não encontrado.';
const COMMENT_EDIT_FORBIDDEN = 'Você só pode editar os seus comentários.';

async function actionablePostId(db: Tx, viewerId: string, postId: string): Promise<string> {
  const post = await findActionablePost(db, viewerId, postId);
  if (!post) throw notFound(POST_MESSAGES.notFound);
  return post.id;
}

/** A comment the viewer may see, for a report ('Denunciar'): undefined when they may not. */
export async function findReportableComment(db: Tx, viewerId: string, commentId: string) {
  return findComment(db, viewerId, commentId);
}

/**
 * Every comment of a post, oldest first, replies under their top-level comment; none by someone
 * the viewer blocked or who blocked them (issue 21); those with one of the viewer's 'Palavras
 * ocultas' marked `hiddenByWords` (issue 43).
 */
export async function listComments(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
): Promise<PostComment[]> {
  const { db } = ctx.database;
  const id = await actionablePostId(db, viewer.id, postId);
  const folded = await hiddenWordsFilter(db, viewer.id, ctx.clock());
  return toCommentThreads(await listCommentRows(db, viewer.id, id), folded);
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
  await requireNotLimited(db, viewer.id, ctx.clock());
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
    // Who hears of it (the post's author, the replied comment's, those mentioned) is notifications'.
    const comment = await ctx.events.transaction(async (tx) => {
      await countNewComment(tx, id);
      const row = await insertComment(tx, {
        postId: id,
        parentId,
        authorId: viewer.id,
        content: input.content,
      });
      if (!row) throw new Error('insert returned no comment');
      const readers = await whoReads(tx, post.studyGroupId, [
        post.authorId,
        ...(parentAuthorId ? [parentAuthorId] : []),
      ]);
      await ctx.events.emit(tx, 'comment.created', {
        postId: id,
        commentId: row.id,
        actorId: viewer.id,
        actorName: viewer.displayName,
        content: row.content,
        postAuthorId: post.authorId,
        parentAuthorId,
        readerIds: [...readers],
        mentionedIds: await mentionedReaders(tx, viewer.id, row.content, post.studyGroupId),
      });
      return row;
    });
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
): Promise<PostComment> {
  const { db } = ctx.database;
  const comment = await findComment(db, viewer.id, commentId);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  if (comment.authorId !== viewer.id) throw forbidden(COMMENT_EDIT_FORBIDDEN);
  await requireMentionable(db, viewer.id, input.content);
  const row =
    input.content === comment.content
      ? comment
      : await updateCommentContent(db, comment.id, input.content, ctx.clock());
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  const isLiked = await isCommentLikedBy(db, row.id, viewer.id);
  return toComment({ comment: row, author: viewer, isLiked });
}

/** Authors delete their comments; a top-level comment takes its replies along. */
export async function deleteComment(ctx: AppContext, viewer: SessionUser, commentId: string): Promise<void> {
  const comment = await findComment(ctx.database.db, viewer.id, commentId);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  if (comment.authorId !== viewer.id) throw forbidden(POST_MESSAGES.deleteForbidden);
  await ctx.database.db.transaction(async (tx) => {
    await lockPost(tx, comment.postId);
    const removed = await deleteCommentAndReplies(tx, comment.id);
    if (!removed) return;
    await countRemovedComments(tx, comment.postId, removed);
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
      const changed = await writeCommentLikeRow(tx, comment.id, viewer.id, liked);
      const row = changed
        ? await moveCommentLikes(tx, comment.id, liked)
        : await readCommentLikes(tx, comment.id);
      if (!row) throw notFound(COMMENT_NOT_FOUND);
      return { isLiked: liked, likesCount: row.likesCount };
    });
  } catch (error) {
    rethrowMissing(error, COMMENT_NOT_FOUND);
  }
}
