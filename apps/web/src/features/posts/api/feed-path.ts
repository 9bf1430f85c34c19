import { DEFAULT_PAGE_SIZE, type FeedKind } from '@estudai/contract/constants';

/** Where a feed page starts: the cursor the server handed out, or a page number if it gave none. */
export type FeedPageParam = { cursor?: string; page?: number };

/**
 * The API path of a page of 'Para você' or 'Seguindo'. The first page's is also preloaded by the signed-in home page
 * (vite.config.ts), so it must stay the very path the feed asks for.
 */
export function feedPagePath(param: FeedPageParam = {}, feed: FeedKind = 'for_you') {
  const query = new URLSearchParams({ limit: String(DEFAULT_PAGE_SIZE) });
  // 'Para você' is the server's default: its path stays the preloaded one.
  if (feed !== 'for_you') query.set('feed', feed);
  if (param.cursor) query.set('cursor', param.cursor);
  else if (param.page) query.set('page', String(param.page));
  return `/posts?${query}`;
}
