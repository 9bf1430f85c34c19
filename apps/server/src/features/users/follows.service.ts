import {
  type FollowState,
  type FollowsQuery,
  USER_ERROR_CODES,
  USER_MESSAGES,
  type UserSummary,
} from '@estudai/contract';
import {
  findVisibleUser,
  isFollowing,
  requireGroupManager,
  requireNotBlocked,
  requireProfileSurface,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { ageBand, isMinorBand } from '../../lib/ages.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { cancelFollowRequest, requestToFollow } from './connection-requests.service.ts';
import { countFollowers, deleteFollow, insertFollow, listFollowRows } from './follows.queries.ts';
import { toUserSummary } from './users.present.ts';

export { countFollowers, countFollowing } from './follows.queries.ts';

/** A minor, or anyone whose profile is for followers only, approves each new follower (issue 25). */
const followNeedsApproval = (target: SessionUser, now: Date) =>
  target.profileVisibility === 'followers' || isMinorBand(ageBand(target.birthDate, now));

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
  if (follow && followNeedsApproval(target, ctx.clock()) && !(await isFollowing(db, viewer.id, target.id))) {
    await requestToFollow(ctx, viewer, target.id);
    return { isFollowing: false, followersCount: await countFollowers(db, target.id), followRequested: true };
  }
  if (follow) {
    // Only a follow that is new tells the followed person ('follow.created': at most once a
    // Brasília day per follower, so unfollow and follow again on the same day says nothing twice).
    await ctx.events.transaction(async (tx) => {
      if (!(await insertFollow(tx, viewer.id, target.id))) return;
      await ctx.events.emit(tx, 'follow.created', {
        followerId: viewer.id,
        followerName: viewer.displayName,
        followingId: target.id,
        at: ctx.clock().toISOString(),
      });
    });
  } else {
    await ctx.events.transaction(async (tx) => {
      await deleteFollow(tx, viewer.id, target.id);
      await cancelFollowRequest(ctx, tx, viewer.id, target.id);
    });
  }
  // A followers-only author's posts join or leave this viewer's feed.
  ctx.bus.publish('follow.changed', { followerId: viewer.id, followingId: target.id });
  return { isFollowing: follow, followersCount: await countFollowers(db, target.id), followRequested: false };
}

export interface SummaryPage {
  data: UserSummary[];
  hasMore: boolean;
}

/**
 * Followers (`direction` 'followers') or followed users ('following') of a user, newest first;
 * with `q`, only those whose name or @username holds every word of it. A followers-only profile's
 * lists are for those who see it in full, never across a block (issue 37: they named a minor's guardian).
 */
export async function listFollows(
  ctx: AppContext,
  viewer: SessionUser,
  userId: string,
  direction: 'followers' | 'following',
  query: FollowsQuery,
): Promise<SummaryPage> {
  const { db } = ctx.database;
  const owner = await findVisibleUser(db, viewer, userId);
  await requireProfileSurface(db, viewer, owner, 'followLists');
  // Who is in a group is for those who manage it: the invite list narrowed by it is theirs alone.
  if (query.notInGroup) await requireGroupManager(db, query.notInGroup, viewer.id);
  const rows = await listFollowRows(db, viewer.id, owner.id, direction, query);
  return { data: rows.slice(0, query.limit).map(toUserSummary), hasMore: rows.length > query.limit };
}
