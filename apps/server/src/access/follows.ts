import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { follows, users } from '../db/schema/index.ts';
import { notBlockedEitherWay } from './blocks.ts';

// Who follows whom, as the rules ask it: a followers-only profile's content, and chat between
// mutual followers. users/follows.service.ts has the calls that change follows.

/** Whether `followerId` follows `followingId`. */
export async function isFollowing(db: Tx, followerId: string, followingId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
    .limit(1);
  return Boolean(row);
}

/**
 * A person's main-feed content (posts, questions) is shown to the viewer: their profile is public,
 * it is the viewer's own, or the viewer follows them (issue 25: minors start followers-only). The
 * query must join `users` as the author. Never across a block, either way (issue 21).
 */
export function authorShownTo(viewerId: string | Placeholder, authorId: PgColumn): SQL {
  return sql`((${users.profileVisibility} = 'public' or ${authorId} = ${viewerId}
    or exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followingId} = ${authorId}))
    and ${notBlockedEitherWay(viewerId, authorId)})`;
}

/** Both follow each other: what chat asks before a conversation starts. */
export async function areMutualFollowers(db: Tx, a: string, b: string): Promise<boolean> {
  return (await isFollowing(db, a, b)) && (await isFollowing(db, b, a));
}
