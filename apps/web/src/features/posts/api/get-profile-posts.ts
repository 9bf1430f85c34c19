import { DEFAULT_PAGE_SIZE, type Post } from '@estudai/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { POSTS_KEY, personPostsKey } from '../../../lib/query-keys.ts';

type PageParam = { cursor?: string; page?: number };

function getPostPage(path: string, param: PageParam, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(DEFAULT_PAGE_SIZE) });
  if (param.cursor) query.set('cursor', param.cursor);
  else if (param.page) query.set('page', String(param.page));
  return api.getPage<Post>(`${path}?${query}`, { signal });
}

const postPages = (queryKey: readonly string[], path: string) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getPostPage(path, pageParam, signal),
    initialPageParam: {} as PageParam,
    getNextPageParam: (last, pages): PageParam | undefined => {
      if (!last.hasMore) return undefined;
      return last.nextCursor ? { cursor: last.nextCursor } : { page: pages.length + 1 };
    },
  });

/** A person's posts, newest first ('Meus Posts' or 'Posts de {name}'). */
export const getUserPostsQueryOptions = (userId: string) =>
  postPages(personPostsKey(userId), `/users/${encodeURIComponent(userId)}/posts`);

/** The signed-in user's saved posts ('Salvos'). */
export const getSavedPostsQueryOptions = () => postPages([POSTS_KEY, 'saved'], '/posts/saved');

export const usePostPages = (options: ReturnType<typeof getSavedPostsQueryOptions>) =>
  useInfiniteQuery(options);
