import type { PostComment, UpdateCommentInput } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { getCommentsQueryOptions } from './get-comments.ts';
import { updateCachedPost } from './post-cache.ts';

const commentPath = (commentId: string) => `/comments/${encodeURIComponent(commentId)}`;

const updateComment = (commentId: string, input: UpdateCommentInput) =>
  api.patch<PostComment>(commentPath(commentId), input);
const deleteComment = (commentId: string) => api.delete<{ id: string }>(commentPath(commentId));

/** Author: changes a comment's text; the thread is read again. */
export function useUpdateComment(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCommentInput) => updateComment(commentId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCommentsQueryOptions(postId).queryKey }),
  });
}

/** Author: deletes a comment (its replies go along); the post counts them out. */
export function useDeleteComment(postId: string, comment: PostComment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteComment(comment.id),
    onSuccess: async () => {
      const removed = 1 + comment.replies.length;
      updateCachedPost(queryClient, postId, (post) => ({
        ...post,
        commentsCount: Math.max(post.commentsCount - removed, 0),
      }));
      await queryClient.invalidateQueries({ queryKey: getCommentsQueryOptions(postId).queryKey });
    },
  });
}
