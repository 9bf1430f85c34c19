import { GROUP_MESSAGES, type GroupRating } from '@estudai/contract';
import { avg, eq, inArray } from 'drizzle-orm';
import { groupAccess, membershipIsCurrent } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { groupRatings, studyGroups } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { ratingStats } from './groups.facts.ts';
import { roundRating, toGroupRating } from './groups.present.ts';

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
  const updatedAt = new Date();
  await db
    .insert(groupRatings)
    .values({ studyGroupId: group.id, userId: viewer.id, rating, comment: comment ?? '', updatedAt })
    .onConflictDoUpdate({
      target: [groupRatings.studyGroupId, groupRatings.userId],
      // Rating again without a comment keeps the one written before.
      set: comment === undefined ? { rating, updatedAt } : { rating, comment, updatedAt },
    });
  const stats = await ratingStats(db, group.id, viewer.id);
  return toGroupRating(stats.average, stats.count, stats.mine);
}

/** A teacher's rating on their profile: the average of every rating their groups received, 0–5. */
export async function ownerOverallRating(db: Tx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ average: avg(groupRatings.rating) })
    .from(groupRatings)
    .where(
      inArray(
        groupRatings.studyGroupId,
        db.select({ id: studyGroups.id }).from(studyGroups).where(eq(studyGroups.ownerId, ownerId)),
      ),
    );
  return row?.average ? roundRating(Number(row.average)) : 0;
}
