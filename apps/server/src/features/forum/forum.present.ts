import { type ForumComment, type ForumTopic, GROUP_MESSAGES } from '@estudai/contract';
import type { forumComments, forumTopics } from '../../db/schema/index.ts';

export type TopicRow = typeof forumTopics.$inferSelect;
export type ForumCommentRow = typeof forumComments.$inferSelect;
export interface ForumAuthor {
  displayName: string;
  avatar: string | null;
}

type Moderated = Pick<TopicRow, 'hiddenAt' | 'deletedAt'>;
const moderationOf = (row: Moderated) =>
  row.deletedAt ? ('deleted' as const) : row.hiddenAt ? ('hidden' as const) : null;

/**
 * What of a removed row the viewer may read: a manager reads a hidden one as it was (to show it
 * again); anyone else who gets it (its author) reads 'Removido pela moderação'.
 */
const readable = (row: Moderated, canManage: boolean, text: string) => {
  const moderation = moderationOf(row);
  if (!moderation || (canManage && moderation === 'hidden')) return text;
  return GROUP_MESSAGES.removedByModeration;
};

export function toForumComment(
  row: ForumCommentRow,
  author: ForumAuthor,
  isLiked: boolean,
  canManage = false,
): ForumComment {
  return {
    id: row.id,
    authorId: row.authorId,
    authorName: author.displayName,
    authorAvatar: author.avatar,
    content: readable(row, canManage, row.content),
    createdAt: row.createdAt.toISOString(),
    isLiked,
    likesCount: row.likesCount,
    moderation: moderationOf(row),
  };
}

export function toForumTopic(
  row: TopicRow,
  author: ForumAuthor,
  isLiked: boolean,
  comments: ForumComment[],
  canManage = false,
): ForumTopic {
  return {
    id: row.id,
    title: readable(row, canManage, row.title),
    content: readable(row, canManage, row.content),
    authorId: row.authorId,
    authorName: author.displayName,
    authorAvatar: author.avatar,
    createdAt: row.createdAt.toISOString(),
    isPinned: row.isPinned,
    isClosed: row.isClosed,
    moderation: moderationOf(row),
    isLiked,
    likesCount: row.likesCount,
    repliesCount: row.repliesCount,
    comments,
  };
}
