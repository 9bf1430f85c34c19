import type { UserSummary } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { adultBornOnOrBefore, ageBand, isMinorBand } from '../../lib/ages.ts';
import { foldForSearch } from '../../lib/search-text.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { searchPeopleRows } from './people-search.queries.ts';
import { toUserSummary } from './users.present.ts';

/** At most this many words of a query are matched. */
const MAX_WORDS = 8;

/**
 * `GET /api/search?type=people`: by name and @username, without accents or case ('joao' finds
 * 'João'). The exact @username comes first, then names starting with the query, then the most
 * followed. Issue 25's rules hold here too: someone who turned 'discoverable' off, and a minor for
 * an adult, is found only by people who already follow them or whom they follow. Nobody across a
 * block, either way (issue 21).
 */
export async function searchPeople(
  ctx: AppContext,
  viewer: SessionUser,
  query: string,
  page: { offset: number; limit: number },
  now = ctx.clock(),
): Promise<{ data: UserSummary[]; hasMore: boolean }> {
  const folded = foldForSearch(query.replace(/^@+/, ''));
  const words = [...new Set(folded.split(' ').filter(Boolean))].slice(0, MAX_WORDS);
  if (words.length === 0) return { data: [], hasMore: false };
  const viewerIsMinor = isMinorBand(ageBand(viewer.birthDate, now));
  const rows = await searchPeopleRows(
    ctx.database.db,
    viewer.id,
    { folded, words },
    viewerIsMinor ? null : adultBornOnOrBefore(now),
    page,
  );
  return { data: rows.slice(0, page.limit).map(toUserSummary), hasMore: rows.length > page.limit };
}
