import { GROUP_MESSAGES, type GroupRating } from '@estudai/contract';
import { groupAccess, membershipIsCurrent } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { ratingStats } from './group-facts.queries.ts';
import { roundRating, toGroupRating } from './groups.present.ts';
import { ownerAverageRating, upsertRating } from './groups.queries.ts';

/** One rating per member and group (1–5); rating again replaces it. The owner cannot rate. */
export async function rateGroup(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  rating: number,
  comment?: string,
): Promise<GroupRating> {
  const { db } = ctx.database;
  const { group, membership, isOwner } = await groupAccess(db, groupId, viewer.id);
  if (isOwner) throw forbidden(GROUP_MESSAGES.ratingOwner);
  if (!membershipIsCurrent(membership)) throw forbidden(GROUP_MESSAGES.ratingMembersOnly);
  await upsertRating(db, { groupId: group.id, userId: viewer.id, rating, comment, updatedAt: ctx.clock() });
  const stats = await ratingStats(db, group.id, viewer.id);
  return toGroupRating(stats.average, stats.count, stats.mine);
}

/** A teacher's rating on their profile: the average of every rating their groups received, 0–5. */
export async function ownerOverallRating(db: Tx, ownerId: string): Promise<number> {
  const average = await ownerAverageRating(db, ownerId);
  return average ? roundRating(Number(average)) : 0;
}
