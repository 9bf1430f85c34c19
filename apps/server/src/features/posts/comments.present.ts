import type { PostAuthor, PostComment } from '@estudai/contract';
import type { comments } from '../../db/schema/index.ts';
import { toAuthor } from '../../lib/authors.ts';

type CommentRow = typeof comments.$inferSelect;

export interface CommentWithViewer {
  comment: CommentRow;
  author: PostAuthor;
  isLiked: boolean;
}

export function toComment(
  { comment, author, isLiked }: CommentWithViewer,
  replies: PostComment[] = [],
): PostComment {
  return {
    id: comment.id,
    postId: comment.postId,
    parentId: comment.parentId,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    editedAt: comment.editedAt?.toISOString() ?? null,
    likesCount: comment.likesCount,
    isLiked,
    author: toAuthor(author),
    replies,
  };
}

/** Oldest-first rows → top-level comments, each with its replies (one level deep). */
export function toCommentThreads(rows: CommentWithViewer[]): PostComment[] {
  const replies = new Map<string, PostComment[]>();
  for (const row of rows) {
    const parentId = row.comment.parentId;
    if (!parentId) continue;
    const list = replies.get(parentId) ?? [];
    list.push(toComment(row));
    replies.set(parentId, list);
  }
  return rows
    .filter((row) => !row.comment.parentId)
    .map((row) => toComment(row, replies.get(row.comment.id)));
}
