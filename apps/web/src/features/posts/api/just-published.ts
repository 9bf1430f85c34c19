import type { Post } from '@estudai/contract/constants';
import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiPage } from '../../../lib/api.ts';
import { POSTS_KEY } from '../../../lib/query-keys.ts';

/**
 * The main-feed posts one published in this visit, newest first, shown above the home feeds until
 * the feed is refreshed. 'Para você' ranks one's own posts by age like anyone's (decision 034), so
 * a post just written could land below a followed person's older one; the author still sees it on
 * top, as in every social app. Kept as one paged list, so a like, an edit or a deletion reaches it
 * like any other cached list (post-cache.ts). Outside the feeds' key: refetching them keeps it.
 */
const JUST_PUBLISHED_KEY = [POSTS_KEY, 'just-published'] as const;

type Pages = InfiniteData<ApiPage<Post>>;

const pagesOf = (posts: Post[]): Pages => ({
  pages: [{ data: posts, hasMore: false, nextCursor: null }],
  pageParams: [{}],
});

export function addJustPublished(queryClient: QueryClient, post: Post) {
  if (post.studyGroupId) return;
  queryClient.setQueryData<Pages>(JUST_PUBLISHED_KEY, (kept) =>
    pagesOf([post, ...(kept?.pages[0]?.data ?? [])]),
  );
}

export const clearJustPublished = (queryClient: QueryClient) =>
  queryClient.setQueryData<Pages>(JUST_PUBLISHED_KEY, pagesOf([]));

export function useJustPublished(): Post[] {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: JUST_PUBLISHED_KEY,
    // Never asked of the server: what is kept is the answer.
    queryFn: () => queryClient.getQueryData<Pages>(JUST_PUBLISHED_KEY) ?? pagesOf([]),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return data?.pages[0]?.data ?? [];
}
