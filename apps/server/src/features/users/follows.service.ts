import {
  type FollowState,
  type FollowsQuery,
  USER_ERROR_CODES,
  USER_MESSAGES,
  type UserSummary,
} from '@estudai/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { findVisibleUser, isFollowing, requireNotBlocked } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';
import { ageBand, isMinorBand } from '../../lib/ages.ts';
import { badRequest } from '../../lib/errors.ts';
import { foldForSearch, matchesEveryWord } from '../../lib/search-text.ts';
import { studyDay } from '../../lib/study-days.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { cancelFollowRequest, deliver, notify, requestToFollow } from '../notifications/index.ts';
import { toUserSummary } from './users.present.ts';

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

/** A minor, or anyone whose profile is for followers only, approves each new follower (issue 25). */
const followNeedsApproval = (target: SessionUser) =>
  target.profileVisibility === 'followers' || isMinorBand(ageBand(target.birthDate, new Date()));

/**
 * Follow or unfollow, idempotently: repeating either changes nothing and answers the same.
 * Following someone who approves followers asks them instead (`followRequested`); unfollowing
 * also withdraws that request.
 */
export async function setFollowing(
  ctx: AppContext,
  viewer: SessionUser,
  targetId: string,
  follow: boolean,
): Promise<FollowState> {
  const { db } = ctx.database;
  const target = await findVisibleUser(db, viewer, targetId);
  if (target.id === viewer.id) throw badRequest(USER_MESSAGES.cannotFollowSelf, USER_ERROR_CODES.selfAction);
  if (follow) await requireNotBlocked(db, viewer.id, target.id, 'follow');
  if (follow && followNeedsApproval(target) && !(await isFollowing(db, viewer.id, target.id))) {
    await requestToFollow(ctx, viewer, target.id);
    return { isFollowing: false, followersCount: await countFollowers(db, target.id), followRequested: true };
  }
  if (follow) {
    // Only a follow that is new notifies, and at most once a (Brasília) day per follower: unfollow
    // and follow again on the same day says nothing twice.
    const notification = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(follows)
        .values({ followerId: viewer.id, followingId: target.id })
        .onConflictDoNothing()
        .returning({ followerId: follows.followerId });
      if (!inserted) return undefined;
      return notify(tx, {
        userId: target.id,
        actorId: viewer.id,
        type: 'follow',
        title: 'Novo seguidor',
        message: `${viewer.displayName} começou a seguir você.`,
        actionUrl: `/user/${viewer.id}`,
        dedupeKey: `follow:${viewer.id}:${studyDay(ctx.clock())}`,
      });
    });
    deliver(ctx, [notification]);
  } else {
    await db
      .delete(follows)
      .where(and(eq(follows.followerId, viewer.id), eq(follows.followingId, target.id)));
    await cancelFollowRequest(ctx, viewer.id, target.id);
  }
  // A followers-only author's posts join or leave this viewer's feed.
  ctx.bus.publish('follow.changed', { followerId: viewer.id, followingId: target.id });
  return { isFollowing: follow, followersCount: await countFollowers(db, target.id), followRequested: false };
}

export interface SummaryPage {
  data: UserSummary[];
  hasMore: boolean;
}

/** Name and @username, folded as queries are ('joao' finds 'João'). */
const searchableName = sql`unaccent(lower(${users.displayName} || ' ' || ${users.username}))`;

/**
 * Followers (`direction` 'followers') or followed users ('following') of a user, newest first;
 * with `q`, only those whose name or @username holds every word of it.
 */
export async function listFollows(
  ctx: AppContext,
  viewer: SessionUser,
  userId: string,
  direction: 'followers' | 'following',
  { page, limit, q }: FollowsQuery,
): Promise<SummaryPage> {
  const { db } = ctx.database;
  const owner = await findVisibleUser(db, viewer, userId);
  const viewerFollows = alias(follows, 'viewer_follows');
  const [listedColumn, ownerColumn] =
    direction === 'followers'
      ? [follows.followerId, follows.followingId]
      : [follows.followingId, follows.followerId];
  const rows = await db
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
      and(eq(viewerFollows.followerId, viewer.id), eq(viewerFollows.followingId, users.id)),
    )
    .where(
      and(
        eq(ownerColumn, owner.id),
        q ? matchesEveryWord(searchableName, foldForSearch(q.replace(/^@+/, ''))) : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(users.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return { data: rows.slice(0, limit).map(toUserSummary), hasMore: rows.length > limit };
}
