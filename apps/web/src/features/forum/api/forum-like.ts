import { type ForumComment, type ForumTopic, POST_MESSAGES } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { findCachedTopic, updateCachedTopic } from './forum-cache.ts';
import { forumTopicPath } from './forum-topics.ts';

type LikeState = Pick<ForumTopic, 'isLiked' | 'likesCount'>;

const flipped = (state: LikeState): LikeState => ({
  isLiked: !state.isLiked,
  likesCount: Math.max(0, state.likesCount + (state.isLiked ? -1 : 1)),
});

/** `POST …/like` toggles: the answer is the state after the toggle. */
const toggleTopicLike = ({ groupId, topicId }: { groupId: string; topicId: string }) =>
  api.post<LikeState>(`${forumTopicPath(groupId, topicId)}/like`);

const toggleForumCommentLike = ({
  groupId,
  topicId,
  commentId,
}: {
  groupId: string;
  topicId: string;
  commentId: string;
}) =>
  api.post<LikeState>(`${forumTopicPath(groupId, topicId)}/comments/${encodeURIComponent(commentId)}/like`);

const showLikeError = (error: Error) =>
  toast({ title: POST_MESSAGES.errorTitle, description: error.message, variant: 'destructive' });

/** Likes or unlikes a topic at once on screen; the server's count wins, a failure undoes it. */
export function useToggleTopicLike(groupId: string) {
  const queryClient = useQueryClient();
  const setLike = (topicId: string, state: LikeState) =>
    updateCachedTopic(queryClient, groupId, topicId, (topic) => ({ ...topic, ...state }));
  return useMutation({
    mutationFn: (topicId: string) => toggleTopicLike({ groupId, topicId }),
    onMutate: (topicId) => {
      const topic = findCachedTopic(queryClient, groupId, topicId);
      if (!topic) return undefined;
      const previous: LikeState = { isLiked: topic.isLiked, likesCount: topic.likesCount };
      setLike(topicId, flipped(previous));
      return previous;
    },
    onSuccess: (state, topicId) => setLike(topicId, state),
    onError: (error, topicId, previous) => {
      if (previous) setLike(topicId, previous);
      showLikeError(error);
    },
  });
}

/** The same for a comment of a topic. */
export function useToggleForumCommentLike(groupId: string, topicId: string) {
  const queryClient = useQueryClient();
  const setLike = (commentId: string, state: LikeState) =>
    updateCachedTopic(queryClient, groupId, topicId, (topic) => ({
      ...topic,
      comments: topic.comments.map((comment) =>
        comment.id === commentId ? { ...comment, ...state } : comment,
      ),
    }));
  return useMutation({
    mutationFn: (commentId: string) => toggleForumCommentLike({ groupId, topicId, commentId }),
    onMutate: (commentId) => {
      const comment: ForumComment | undefined = findCachedTopic(queryClient, groupId, topicId)?.comments.find(
        (c) => c.id === commentId,
      );
      if (!comment) return undefined;
      const previous: LikeState = { isLiked: comment.isLiked, likesCount: comment.likesCount };
      setLike(commentId, flipped(previous));
      return previous;
    },
    onSuccess: (state, commentId) => setLike(commentId, state),
    onError: (error, commentId, previous) => {
      if (previous) setLike(commentId, previous);
      showLikeError(error);
    },
  });
}
