import type { Post } from '@estudai/contract/constants';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ApiPage } from '../../../lib/api.ts';
import { getPostQueryOptions } from './get-post.ts';

type Pages = InfiniteData<ApiPage<{ id: string }>>;

const isPages = (value: unknown): value is Pages =>
  typeof value === 'object' && value !== null && Array.isArray((value as Partial<Pages>).pages);

/**
 * Changes one post wherever it is cached: its own entry and every paged list that holds it (the
 * feed, a profile's posts, saved posts, a group's posts). Lists without it are left untouched.
 */
export function updateCachedPost(queryClient: QueryClient, postId: string, update: (post: Post) => Post) {
  queryClient.setQueriesData<Pages>({ predicate: (query) => isPages(query.state.data) }, (cached) => {
    if (!cached?.pages.some((page) => page.data.some((item) => item.id === postId))) return cached;
    return {
      ...cached,
      pages: cached.pages.map((page) => ({
        ...page,
        data: page.data.map((item) => (item.id === postId ? update(item as Post) : item)),
      })),
    };
  });
  queryClient.setQueryData<Post>(getPostQueryOptions(postId).queryKey, (post) =>
    post ? update(post) : post,
  );
}

/** Takes a deleted post out of every cached list and drops its own entry. */
export function removeCachedPost(queryClient: QueryClient, postId: string) {
  queryClient.setQueriesData<Pages>({ predicate: (query) => isPages(query.state.data) }, (cached) => {
    if (!cached?.pages.some((page) => page.data.some((item) => item.id === postId))) return cached;
    return {
      ...cached,
      pages: cached.pages.map((page) => ({ ...page, data: page.data.filter((item) => item.id !== postId) })),
    };
  });
  queryClient.removeQueries({ queryKey: getPostQueryOptions(postId).queryKey, exact: true });
}
