import type { Post, UpdatePostInput } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { removeCachedPost, updateCachedPost } from './post-cache.ts';

const postPath = (postId: string) => `/posts/${encodeURIComponent(postId)}`;

const updatePost = (postId: string, input: UpdatePostInput) => api.patch<Post>(postPath(postId), input);
const deletePost = (postId: string) => api.delete<{ id: string }>(postPath(postId));

/** Author: changes a post; every list holding it shows the new text and the 'editado' mark. */
export function useUpdatePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePostInput) => updatePost(postId, input),
    onSuccess: (post) => updateCachedPost(queryClient, postId, () => post),
  });
}

/** Author: deletes a post; it leaves every list at once. */
export function useDeletePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(postId),
    onSuccess: () => removeCachedPost(queryClient, postId),
  });
}
