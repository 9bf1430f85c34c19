import { and, count, countDistinct, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { currentMembershipSql } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import {
  follows,
  groupMaterials,
  groupMemberships,
  groupRatings,
  groupVideos,
  mediaUploads,
  posts,
  studyGroups,
  users,
} from '../../db/schema/index.ts';
import type { OwnerFacts } from './groups.present.ts';
import { viewerCategoryCounts } from './groups.queries.ts';

// What a card shows besides the group row (groups.facts.ts): a page of cards costs a fixed handful
// of grouped queries, however many groups it holds.

const averageRating = sql<number>`coalesce(avg(${groupRatings.rating})::float8, 0)`.mapWith(Number);
/** In a query grouped by group: `viewerId`'s own rating of it, or null. */
const viewersRating = (viewerId: string) =>
  sql<number | null>`max(case when ${groupRatings.userId} = ${viewerId} then ${groupRatings.rating} end)`;

/** Average and count of a group's ratings, and `viewerId`'s own. */
export async function ratingStats(db: Tx, groupId: string, viewerId: string) {
  const [row] = await db
    .select({
      average: averageRating,
      count: count(),
      mine: viewersRating(viewerId),
    })
    .from(groupRatings)
    .where(eq(groupRatings.studyGroupId, groupId));
  return { average: row?.average ?? 0, count: row?.count ?? 0, mine: row?.mine ?? null };
}

async function ownerFacts(db: Tx, ownerIds: string[]): Promise<Map<string, OwnerFacts>> {
  const [owners, ratings, students] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        avatar: users.avatar,
        isVerified: users.isVerified,
      })
      .from(users)
      .where(inArray(users.id, ownerIds)),
    db
      .select({ ownerId: studyGroups.ownerId, average: averageRating })
      .from(groupRatings)
      .innerJoin(studyGroups, eq(studyGroups.id, groupRatings.studyGroupId))
      .where(inArray(studyGroups.ownerId, ownerIds))
      .groupBy(studyGroups.ownerId),
    db
      .select({ ownerId: studyGroups.ownerId, students: countDistinct(groupMemberships.userId) })
      .from(groupMemberships)
      .innerJoin(studyGroups, eq(studyGroups.id, groupMemberships.studyGroupId))
      .where(and(inArray(studyGroups.ownerId, ownerIds), currentMembershipSql))
      .groupBy(studyGroups.ownerId),
  ]);
  const ratingOf = new Map(ratings.map((row) => [row.ownerId, row.average]));
  const studentsOf = new Map(students.map((row) => [row.ownerId, row.students]));
  return new Map(
    owners.map((owner) => [
      owner.id,
      { ...owner, rating: ratingOf.get(owner.id) ?? 0, totalStudents: studentsOf.get(owner.id) ?? 0 },
    ]),
  );
}

/** Per-group counts of one table's rows, as a map. */
async function countByGroup(db: Tx, column: PgColumn, ids: string[], where?: SQL) {
  const rows = await db
    .select({ id: sql<string>`${column}`, n: count() })
    .from(column.table)
    .where(and(inArray(column, ids), where))
    .groupBy(column);
  return new Map(rows.map((row) => [row.id, row.n]));
}

/** The rows behind the cards of groups `ids` (owned by `ownerIds`) for `viewerId`, in one go. */
/**
 * Issue 43: the image check's result of each of these groups' uploaded covers (a cover at an outside
 * address has none), and the viewer's age and role for the image rule.
 */
async function coverChecks(db: Tx, viewerId: string, ids: string[]) {
  const [covers, [viewer]] = await Promise.all([
    db
      .select({
        id: studyGroups.id,
        sensitivity: mediaUploads.sensitivity,
        uploaderId: mediaUploads.uploaderId,
      })
      .from(studyGroups)
      .innerJoin(
        mediaUploads,
        sql`${mediaUploads.key} = 'uploads/' || substring(${studyGroups.coverImage} from '/media/(.*)$')`,
      )
      .where(inArray(studyGroups.id, ids)),
    db
      .select({ id: users.id, birthDate: users.birthDate, userType: users.userType })
      .from(users)
      .where(eq(users.id, viewerId)),
  ]);
  return { covers, viewer: viewer ?? null };
}

export async function loadFactRows(db: Tx, viewerId: string, ids: string[], ownerIds: string[]) {
  const [owners, members, ratings, memberships, materials, videos, postCounts, categories, followed, checks] =
    await Promise.all([
      ownerFacts(db, ownerIds),
      countByGroup(db, groupMemberships.studyGroupId, ids, currentMembershipSql),
      db
        .select({
          id: groupRatings.studyGroupId,
          average: averageRating,
          count: count(),
          mine: viewersRating(viewerId),
        })
        .from(groupRatings)
        .where(inArray(groupRatings.studyGroupId, ids))
        .groupBy(groupRatings.studyGroupId),
      db
        .select()
        .from(groupMemberships)
        .where(and(eq(groupMemberships.userId, viewerId), inArray(groupMemberships.studyGroupId, ids))),
      countByGroup(
        db,
        groupMaterials.studyGroupId,
        ids,
        and(eq(groupMaterials.isVisible, true), isNull(groupMaterials.deletedAt)),
      ),
      countByGroup(db, groupVideos.studyGroupId, ids, eq(groupVideos.isVisible, true)),
      countByGroup(db, posts.studyGroupId, ids),
      viewerCategoryCounts(db, viewerId),
      db
        .select({ id: follows.followingId })
        .from(follows)
        .where(and(eq(follows.followerId, viewerId), inArray(follows.followingId, ownerIds))),
      coverChecks(db, viewerId, ids),
    ]);
  return {
    owners,
    members,
    ratings,
    memberships,
    materials,
    videos,
    postCounts,
    categories,
    followed,
    checks,
  };
}
