import { DEFAULT_PAGE_SIZE } from '@estudai/contract/constants';

/** Where a feed page starts: the cursor the server handed out, or a page number if it gave none. */
export type FeedPageParam = { cursor?: string; page?: number };

/**
 * The API path of a feed page. The first page's is also preloaded by the signed-in home page
 * (vite.config.ts), so it must stay the very path the feed asks for.
 */
export function feedPagePath(param: FeedPageParam = {}) {
  const query = new URLSearchParams({ limit: String(DEFAULT_PAGE_SIZE) });
  if (param.cursor) query.set('cursor', param.cursor);
  else if (param.page) query.set('page', String(param.page));
  return `/posts?${query}`;
}
