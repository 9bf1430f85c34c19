import type { UserSummary } from '@estudai/contract';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { notBlockedEitherWay } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { follows, users } from '../../db/schema/index.ts';
import { adultBornOnOrBefore, ageBand, isMinorBand } from '../../lib/ages.ts';
import { foldForSearch, likePattern } from '../../lib/search-text.ts';
import type { SessionUser } from '../../plugins/session.ts';
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
  now = new Date(),
): Promise<{ data: UserSummary[]; hasMore: boolean }> {
  const folded = foldForSearch(query.replace(/^@+/, ''));
  const words = [...new Set(folded.split(' ').filter(Boolean))].slice(0, MAX_WORDS);
  if (words.length === 0) return { data: [], hasMore: false };
  const name = sql`unaccent(lower(${users.displayName} || ' ' || ${users.username}))`;
  const viewerFollows = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewer.id} and ${follows.followingId} = ${users.id})`;
  const followsViewer = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${users.id} and ${follows.followingId} = ${viewer.id})`;
  const connected = or(viewerFollows, followsViewer, eq(users.id, viewer.id));
  const viewerIsMinor = isMinorBand(ageBand(viewer.birthDate, now));
  const rows = await ctx.database.db
    .select({
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      avatar: users.avatar,
      isVerified: users.isVerified,
      userType: users.userType,
      isFollowing: sql<boolean>`${viewerFollows}`,
    })
    .from(users)
    .where(
      and(
        isNull(users.suspendedAt),
        eq(users.emailVerified, true),
        notBlockedEitherWay(viewer.id, users.id),
        ...words.map((word) => sql`${name} like ${likePattern(word)}`),
        or(eq(users.discoverable, true), connected),
        viewerIsMinor
          ? undefined
          : or(sql`${users.birthDate} <= ${adultBornOnOrBefore(now)}::date`, connected),
      ),
    )
    .orderBy(
      desc(sql`${users.username} = ${folded.replaceAll(' ', '')}`),
      desc(sql`unaccent(lower(${users.displayName})) like ${`${folded}%`}`),
      desc(sql`(select count(*) from ${follows} where ${follows.followingId} = ${users.id})`),
      asc(users.id),
    )
    .limit(page.limit + 1)
    .offset(page.offset);
  return { data: rows.slice(0, page.limit).map(toUserSummary), hasMore: rows.length > page.limit };
}
