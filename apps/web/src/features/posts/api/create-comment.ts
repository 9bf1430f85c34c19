import type { CreateCommentInput, PostComment } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { getCommentsQueryOptions } from './get-comments.ts';
import { updateCachedPost } from './post-cache.ts';

const createComment = ({ postId, ...input }: CreateCommentInput & { postId: string }) =>
  api.post<PostComment>(`/posts/${encodeURIComponent(postId)}/comments`, input);

/** Adds a comment or a reply; the list is fetched again and the post's count goes up. */
export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: async () => {
      updateCachedPost(queryClient, postId, (post) => ({ ...post, commentsCount: post.commentsCount + 1 }));
      await queryClient.invalidateQueries({ queryKey: getCommentsQueryOptions(postId).queryKey });
    },
  });
}
