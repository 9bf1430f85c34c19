import type { FollowsQuery } from '@estudai/contract';
import { and, count, desc, eq, isNull, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { alreadyInGroupSql } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';
import { foldForSearch, matchesEveryWord } from '../../lib/search-text.ts';

/** Followers of a user who are not suspended: the same rows the list shows. */
export async function countFollowers(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, and(eq(users.id, follows.followerId), isNull(users.suspendedAt)))
    .where(eq(follows.followingId, userId));
  return row?.n ?? 0;
}

export async function countFollowing(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, and(eq(users.id, follows.followingId), isNull(users.suspendedAt)))
    .where(eq(follows.followerId, userId));
  return row?.n ?? 0;
}

/** A new follow; false when it was there already. */
export async function insertFollow(db: Tx, followerId: string, followingId: string): Promise<boolean> {
  const [inserted] = await db
    .insert(follows)
    .values({ followerId, followingId })
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  return Boolean(inserted);
}

export async function deleteFollow(db: Tx, followerId: string, followingId: string): Promise<void> {
  await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
}

/** Name and @username, folded as queries are ('joao' finds 'João'). */
const searchableName = sql`unaccent(lower(${users.displayName} || ' ' || ${users.username}))`;

/**
 * Followers (`direction` 'followers') or followed users ('following') of `ownerId`, newest first,
 * with whether `viewerId` follows each; with `q`, only those whose name or @username holds every
 * word of it. One row more than `limit`, to tell whether there is a next page.
 */
export function listFollowRows(
  db: Tx,
  viewerId: string,
  ownerId: string,
  direction: 'followers' | 'following',
  { page, limit, q, notInGroup }: FollowsQuery,
) {
  const viewerFollows = alias(follows, 'viewer_follows');
  const [listedColumn, ownerColumn] =
    direction === 'followers'
      ? [follows.followerId, follows.followingId]
      : [follows.followingId, follows.followerId];
  const nameFilter: SQL | undefined = q
    ? matchesEveryWord(searchableName, foldForSearch(q.replace(/^@+/, '')))
    : undefined;
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      avatar: users.avatar,
      isVerified: users.isVerified,
      userType: users.userType,
      isFollowing: sql<boolean>`${viewerFollows.followerId} is not null`,
    })
    .from(follows)
    .innerJoin(users, and(eq(users.id, listedColumn), isNull(users.suspendedAt)))
    .leftJoin(
      viewerFollows,
      and(eq(viewerFollows.followerId, viewerId), eq(viewerFollows.followingId, users.id)),
    )
    .where(
      and(
        eq(ownerColumn, ownerId),
        nameFilter,
        notInGroup ? not(alreadyInGroupSql(notInGroup, users.id)) : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(users.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
}
