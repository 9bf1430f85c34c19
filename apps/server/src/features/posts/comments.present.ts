import type { PostAuthor, PostComment } from '@estudai/contract';
import type { comments } from '../../db/schema/index.ts';
import { toAuthor } from '../../lib/authors.ts';

type CommentRow = typeof comments.$inferSelect;

export interface CommentWithViewer {
  comment: CommentRow;
  author: PostAuthor;
  isLiked: boolean;
}

/** Whether a comment by an author is folded for the viewer ('Palavras ocultas', issue 43). */
export type FoldedFor = (item: { authorId: string; text: string }) => boolean;
const foldsNothing: FoldedFor = () => false;

export function toComment(
  { comment, author, isLiked }: CommentWithViewer,
  replies: PostComment[] = [],
  folded: FoldedFor = foldsNothing,
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
    hiddenByWords: folded({ authorId: comment.authorId, text: comment.content }),
  };
}

/** Oldest-first rows → top-level comments, each with its replies (one level deep), folded for the viewer. */
export function toCommentThreads(rows: CommentWithViewer[], folded: FoldedFor = foldsNothing): PostComment[] {
  const replies = new Map<string, PostComment[]>();
  for (const row of rows) {
    const parentId = row.comment.parentId;
    if (!parentId) continue;
    const list = replies.get(parentId) ?? [];
    list.push(toComment(row, [], folded));
    replies.set(parentId, list);
  }
  return rows
    .filter((row) => !row.comment.parentId)
    .map((row) => toComment(row, replies.get(row.comment.id), folded));
}
