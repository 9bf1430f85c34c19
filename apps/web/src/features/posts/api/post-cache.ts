import type { Post } from '@estudai/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ApiPage } from '../../../lib/api.ts';
import { getFeedQueryOptions } from './get-feed.ts';
import { getPostQueryOptions } from './get-post.ts';

/** Changes one post wherever it is cached (the feed's pages and its own entry). */
export function updateCachedPost(queryClient: QueryClient, postId: string, update: (post: Post) => Post) {
  queryClient.setQueryData<InfiniteData<ApiPage<Post>>>(getFeedQueryOptions().queryKey, (feed) =>
    feed
      ? {
          ...feed,
          pages: feed.pages.map((page) => ({
            ...page,
            data: page.data.map((post) => (post.id === postId ? update(post) : post)),
          })),
        }
      : feed,
  );
  queryClient.setQueryData<Post>(getPostQueryOptions(postId).queryKey, (post) =>
    post ? update(post) : post,
  );
}
