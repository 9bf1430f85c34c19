import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { notBlockedEitherWay, postVisibleTo } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { commentLikes, comments, posts, users } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

const authorFields = {
  id: users.id,
  displayName: users.displayName,
  username: users.username,
  avatar: users.avatar,
  userType: users.userType,
  isVerified: users.isVerified,
};

/** A comment on a post the viewer may act on, by someone on neither side of a block with them. */
export async function findComment(db: Tx, viewerId: string, commentId: string) {
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

/**
 * Hides a comment from everyone but admins, or shows it again. The instant is the database's clock
 * (the transaction's): the caller passes none.
 */
export async function setCommentHidden(db: Tx, commentId: string, hidden: boolean): Promise<void> {
  await db
    .update(comments)
    .set({ hiddenAt: hidden ? sql`now()` : null })
    .where(eq(comments.id, commentId));
}

/** A post's comments with their authors and the viewer's likes, oldest first; none across a block. */
export function listCommentRows(db: Tx, viewerId: string, postId: string) {
  return db
    .select({
      comment: comments,
      author: authorFields,
      isLiked: sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId})`,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(
      and(
        eq(comments.postId, postId),
        isNull(comments.hiddenAt),
        notBlockedEitherWay(viewerId, comments.authorId),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** One more comment on the post (its row locked: a concurrent delete then counts exactly). */
export async function countNewComment(tx: Tx, postId: string): Promise<void> {
  await tx
    .update(posts)
    .set({ commentsCount: sql`${posts.commentsCount} + 1` })
    .where(eq(posts.id, postId));
}

/** `removed` fewer comments on the post, never below zero. */
export async function countRemovedComments(tx: Tx, postId: string, removed: number): Promise<void> {
  await tx
    .update(posts)
    .set({ commentsCount: sql`greatest(${posts.commentsCount} - ${removed}, 0)` })
    .where(eq(posts.id, postId));
}

export async function insertComment(
  tx: Tx,
  values: { postId: string; parentId: string | null; authorId: string; content: string },
) {
  const [row] = await tx.insert(comments).values(values).returning();
  return row;
}

export async function updateCommentContent(db: Tx, commentId: string, content: string, editedAt: Date) {
  const [row] = await db
    .update(comments)
    .set({ content, editedAt })
    .where(eq(comments.id, commentId))
    .returning();
  return row;
}

export async function isCommentLikedBy(db: Tx, commentId: string, userId: string): Promise<boolean> {
  const [liked] = await db
    .select({ id: commentLikes.commentId })
    .from(commentLikes)
    .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
    .limit(1);
  return Boolean(liked);
}

/** Locks the post's row until the transaction ends. */
export async function lockPost(tx: Tx, postId: string): Promise<void> {
  await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for('update');
}

/** Deletes a comment and its replies: answers how many went. */
export async function deleteCommentAndReplies(tx: Tx, commentId: string): Promise<number> {
  const removed = await tx
    .delete(comments)
    .where(or(eq(comments.id, commentId), eq(comments.parentId, commentId)))
    .returning({ id: comments.id });
  return removed.length;
}

/** Adds or removes the user's like of a comment: whether a row changed. */
export async function writeCommentLikeRow(
  tx: Tx,
  commentId: string,
  userId: string,
  liked: boolean,
): Promise<boolean> {
  const changed = liked
    ? await tx
        .insert(commentLikes)
        .values({ commentId, userId })
        .onConflictDoNothing()
        .returning({ id: commentLikes.commentId })
    : await tx
        .delete(commentLikes)
        .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
        .returning({ id: commentLikes.commentId });
  return changed.length > 0;
}

/** Moves the comment's like counter by one: the count after. */
export async function moveCommentLikes(tx: Tx, commentId: string, liked: boolean) {
  const [row] = await tx
    .update(comments)
    .set({ likesCount: sql`${comments.likesCount} + ${liked ? 1 : -1}` })
    .where(eq(comments.id, commentId))
    .returning({ likesCount: comments.likesCount });
  return row;
}

export async function readCommentLikes(tx: Tx, commentId: string) {
  const [row] = await tx
    .select({ likesCount: comments.likesCount })
    .from(comments)
    .where(eq(comments.id, commentId));
  return row;
}
