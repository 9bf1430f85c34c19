import type { CreatePostInput, Post } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ALL_FEEDS_KEY } from './get-feed.ts';

export const createPost = (input: CreatePostInput) => api.post<Post>('/posts', input);

/** Publishes a post; the feed is fetched again so it shows on top. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALL_FEEDS_KEY }),
  });
}
