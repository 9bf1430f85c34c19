import type { ApiPage } from '../../lib/api.ts';

/**
 * The posts of every loaded page, each once: a post published while the list was read moves the
 * later pages by one, so the next page may repeat the last one's end.
 */
export function uniquePosts<T extends { id: string }>(pages: ApiPage<T>[]): T[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.data).filter((post) => !seen.has(post.id) && seen.add(post.id));
}
