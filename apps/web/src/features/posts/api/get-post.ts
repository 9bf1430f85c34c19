import type { Post } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getPost = (postId: string, signal?: AbortSignal) =>
  api.get<Post>(`/posts/${encodeURIComponent(postId)}`, { signal });

export const getPostQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: ['posts', 'detail', postId],
    queryFn: ({ signal }) => getPost(postId, signal),
  });

export const usePost = (postId: string) => useQuery(getPostQueryOptions(postId));
