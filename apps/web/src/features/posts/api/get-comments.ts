import type { PostComment } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { POSTS_KEY } from '../../../lib/query-keys.ts';

const getComments = (postId: string, signal?: AbortSignal) =>
  api.getPage<PostComment>(`/posts/${encodeURIComponent(postId)}/comments`, { signal });

/** Top-level comments of a post, each with its replies (one level deep). */
export const getCommentsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: [POSTS_KEY, 'comments', postId],
    queryFn: ({ signal }) => getComments(postId, signal),
  });

export const useComments = (postId: string) => useQuery(getCommentsQueryOptions(postId));
