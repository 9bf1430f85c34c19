import type { ForumComment } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { updateCachedTopic } from './forum-cache.ts';
import { forumTopicPath } from './forum-topics.ts';

const createForumComment = ({
  groupId,
  topicId,
  content,
}: {
  groupId: string;
  topicId: string;
  content: string;
}) => api.post<ForumComment>(`${forumTopicPath(groupId, topicId)}/comments`, { content });

/** Replies to a topic; the new comment goes last (oldest first) and the reply count goes up. */
export function useCreateForumComment(groupId: string, topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createForumComment({ groupId, topicId, content }),
    onSuccess: (comment) =>
      updateCachedTopic(queryClient, groupId, topicId, (topic) => ({
        ...topic,
        comments: topic.comments.some((c) => c.id === comment.id)
          ? topic.comments
          : [...topic.comments, comment],
        repliesCount: topic.repliesCount + 1,
      })),
  });
}
