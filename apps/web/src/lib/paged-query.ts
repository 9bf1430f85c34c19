import { DEFAULT_PAGE_SIZE } from '@estudai/contract/constants';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from './api.ts';

/** Where the next page starts: the cursor the server handed out, or a page number if it gave none. */
export type PageParam = { cursor?: string; page?: number };

/**
 * A paged list as an infinite query: `path` with `params`, `limit`, and the page (or cursor)
 * asked by 'Carregar mais'. The groups' lists, a group's posts, materials and forum use it.
 */
export function pagedQueryOptions<T>(queryKey: QueryKey, path: string, params: Record<string, string> = {}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ ...params, limit: String(DEFAULT_PAGE_SIZE) });
      if (pageParam.cursor) query.set('cursor', pageParam.cursor);
      else query.set('page', String(pageParam.page ?? 1));
      return api.getPage<T>(`${path}?${query}`, { signal });
    },
    initialPageParam: {} as PageParam,
    getNextPageParam: (last, pages): PageParam | undefined => {
      if (!last.hasMore) return undefined;
      return last.nextCursor ? { cursor: last.nextCursor } : { page: pages.length + 1 };
    },
  });
}
