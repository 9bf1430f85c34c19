import type { CreatePostInput, Post } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ALL_FEEDS_KEY } from './get-feed.ts';
import { addJustPublished } from './just-published.ts';

const createPost = (input: CreatePostInput) => api.post<Post>('/posts', input);

/** Publishes a post: it shows on top of the home feeds (just-published.ts), which are fetched again. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => {
      addJustPublished(queryClient, post);
      return queryClient.invalidateQueries({ queryKey: ALL_FEEDS_KEY });
    },
  });
}
