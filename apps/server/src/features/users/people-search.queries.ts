import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { notBlockedEitherWay } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/search-text.ts';

/**
 * People whose name or @username holds every one of `words` (folded), as `viewer` may find them
 * (see searchPeople), best first; one row more than `page.limit`. `adultBornOnOrBefore`: for an
 * adult viewer, the latest birth date of an adult (a minor is found only by people connected to
 * them); null for a minor viewer.
 */
export function searchPeopleRows(
  db: Tx,
  viewerId: string,
  { folded, words }: { folded: string; words: string[] },
  adultBornOnOrBefore: string | null,
  page: { offset: number; limit: number },
) {
  const name = sql`unaccent(lower(${users.displayName} || ' ' || ${users.username}))`;
  const viewerFollows = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followingId} = ${users.id})`;
  const followsViewer = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${users.id} and ${follows.followingId} = ${viewerId})`;
  const connected = or(viewerFollows, followsViewer, eq(users.id, viewerId));
  return db
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
        notBlockedEitherWay(viewerId, users.id),
        ...words.map((word) => sql`${name} like ${likePattern(word)}`),
        or(eq(users.discoverable, true), connected),
        adultBornOnOrBefore === null
          ? undefined
          : or(sql`${users.birthDate} <= ${adultBornOnOrBefore}::date`, connected),
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
}
