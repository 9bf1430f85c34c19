import type { Post } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { POSTS_KEY } from '../../../lib/query-keys.ts';

const getPost = (postId: string, signal?: AbortSignal) =>
  api.get<Post>(`/posts/${encodeURIComponent(postId)}`, { signal });

export const getPostQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: [POSTS_KEY, 'detail', postId],
    queryFn: ({ signal }) => getPost(postId, signal),
  });

export const usePost = (postId: string) => useQuery(getPostQueryOptions(postId));
