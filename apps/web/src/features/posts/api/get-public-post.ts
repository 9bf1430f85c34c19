import type { Post } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { POSTS_KEY } from '../../../lib/query-keys.ts';

const getPublicPost = (postId: string, signal?: AbortSignal) =>
  api.get<Post>(`/public/posts/${encodeURIComponent(postId)}`, { signal });

/** A shared main-feed post as a signed-out visitor may read it. */
const getPublicPostQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: [POSTS_KEY, 'public', postId],
    queryFn: ({ signal }) => getPublicPost(postId, signal),
  });

export const usePublicPost = (postId: string) => useQuery(getPublicPostQueryOptions(postId));
