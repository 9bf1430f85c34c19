import type { ForumComment, ForumTopic } from '@estudai/contract';
import type { forumComments, forumTopics } from '../../db/schema/index.ts';

export type TopicRow = typeof forumTopics.$inferSelect;
export type ForumCommentRow = typeof forumComments.$inferSelect;
export interface ForumAuthor {
  displayName: string;
  avatar: string | null;
}

export function toForumComment(row: ForumCommentRow, author: ForumAuthor, isLiked: boolean): ForumComment {
  return {
    id: row.id,
    authorId: row.authorId,
    authorName: author.displayName,
    authorAvatar: author.avatar,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    isLiked,
    likesCount: row.likesCount,
  };
}

export function toForumTopic(
  row: TopicRow,
  author: ForumAuthor,
  isLiked: boolean,
  comments: ForumComment[],
): ForumTopic {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    authorId: row.authorId,
    authorName: author.displayName,
    authorAvatar: author.avatar,
    createdAt: row.createdAt.toISOString(),
    isPinned: row.isPinned,
    isLiked,
    likesCount: row.likesCount,
    repliesCount: row.repliesCount,
    comments,
  };
}
