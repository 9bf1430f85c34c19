import {
  HASHTAG_MAX,
  SEARCH_MESSAGES,
  SEARCH_PAGE_SIZE,
  type SearchType,
  TRENDING_TAGS_DAYS,
  TRENDING_TAGS_LIMIT,
  type TrendingTag,
} from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { foldForSearch } from '../../lib/search-text.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { searchGroups } from '../groups/index.ts';
import { listTrendingHashtags, type PostMatch, searchPosts } from '../posts/index.ts';
import { listBankQuestions } from '../study/index.ts';
import { searchPeople } from '../users/index.ts';

export const HASHTAG_TOO_LONG = SEARCH_MESSAGES.hashtagTooLong;

/** People and groups page by position: the cursor is the next page's offset, nothing more. */
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,6}$/.test(cursor)) throw badRequest(SEARCH_MESSAGES.cursorInvalid);
  return Number(cursor);
}

function offsetPage<T>(page: { data: T[]; hasMore: boolean }, offset: number) {
  return {
    data: page.data,
    hasMore: page.hasMore,
    nextCursor: page.hasMore ? String(offset + page.data.length) : null,
  };
}

/** '#Funções' is the hashtag 'funcoes'; any other query is words. */
function postMatchOf(query: string): PostMatch {
  const tag = /^#([\p{L}\p{N}_]+)$/u.exec(query)?.[1];
  if (tag === undefined) return { words: query };
  if (tag.length > HASHTAG_MAX) throw badRequest(HASHTAG_TOO_LONG);
  return { hashtag: foldForSearch(tag) };
}

/** `GET /api/search`: one box, four kinds of result, each paged by its own cursor. */
export async function search(
  ctx: AppContext,
  viewer: SessionUser,
  input: { q: string; type: SearchType; cursor?: string },
) {
  const limit = SEARCH_PAGE_SIZE;
  switch (input.type) {
    case 'people': {
      const offset = offsetOf(input.cursor);
      return offsetPage(await searchPeople(ctx, viewer, input.q, { offset, limit }), offset);
    }
    case 'groups': {
      const offset = offsetOf(input.cursor);
      return offsetPage(await searchGroups(ctx, viewer, input.q, { offset, limit }), offset);
    }
    case 'posts':
      return searchPosts(ctx, viewer, postMatchOf(input.q), { cursor: input.cursor, limit });
    case 'questions':
      return listBankQuestions(ctx, viewer, { search: input.q, cursor: input.cursor, limit });
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `GET /api/search/trending-tags`: the hashtags of the main feed's posts of the last 7 days that
 * the viewer may read, the most used first (a post counts once per tag).
 */
export async function trendingTags(ctx: AppContext, viewer: SessionUser): Promise<TrendingTag[]> {
  const now = ctx.clock();
  return listTrendingHashtags(ctx, viewer, {
    since: new Date(now.getTime() - TRENDING_TAGS_DAYS * DAY_MS),
    limit: TRENDING_TAGS_LIMIT,
    maxLength: HASHTAG_MAX,
  });
}
