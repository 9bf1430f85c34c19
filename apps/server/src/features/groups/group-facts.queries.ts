import type { GroupCategory } from '@estudai/contract';
import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { currentMembershipSql } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { runNamed } from '../../db/prepared.ts';
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
import { viewerCategoryCountsQuery } from './groups.queries.ts';

// What a card shows besides the group row (groups.facts.ts): a page of cards costs three statements,
// however many groups it holds.

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

type CategoryCount = { category: GroupCategory; groups: number };

/** A list of ids as one parameter, read in a subquery: no plan knows how many, so 3 and 20 plan alike. */
const anyOf = (column: PgColumn, ids: string[]) =>
  sql`${column} = any((select ${sql.param(ids)}::uuid[])::uuid[])`;

/**
 * The rows behind the cards of groups `ids` (owned by `ownerIds`) for `viewerId`, in three statements
 * run side by side, each named (planned once per connection on PostgreSQL; issue 41): one row per
 * group (its counts, ratings, the viewer's membership, the cover's check); one per owner (their
 * rating and students across all their groups, which cost the most at scale, once per owner however
 * many of their groups the page holds); and the viewer's own row with their groups counted per
 * category. They were thirteen statements, ten connections of the pool busy for one page.
 */
export async function loadFactRows(db: Tx, viewerId: string, ids: string[], ownerIds: string[]) {
  const membership = alias(groupMemberships, 'viewer_membership');
  // The owner's groups, for the owner's facts.
  const owned = alias(studyGroups, 'owned');
  const ownedGroups = sql`${studyGroups} as ${sql.identifier('owned')}`;
  const ratingsOf = db
    .select({
      average: averageRating.as('card_rating_average'),
      count: count().as('card_ratings_count'),
      mine: viewersRating(viewerId).as('card_my_rating'),
    })
    .from(groupRatings)
    .where(eq(groupRatings.studyGroupId, studyGroups.id))
    .as('ratings');
  const countOf = (column: PgColumn, where?: SQL) =>
    sql<number>`(select count(*)::int from ${column.table} where ${and(eq(column, studyGroups.id), where)})`;
  const groupsQuery = db
    .select({
      id: studyGroups.id,
      members: countOf(groupMemberships.studyGroupId, currentMembershipSql),
      materials: countOf(
        groupMaterials.studyGroupId,
        and(eq(groupMaterials.isVisible, true), isNull(groupMaterials.deletedAt)),
      ),
      videos: countOf(groupVideos.studyGroupId, eq(groupVideos.isVisible, true)),
      posts: countOf(posts.studyGroupId),
      rating: { average: ratingsOf.average, count: ratingsOf.count, mine: ratingsOf.mine },
      membership,
      // Issue 43: the image check's result of an uploaded cover (one at an outside address has none).
      cover: { sensitivity: mediaUploads.sensitivity, uploaderId: mediaUploads.uploaderId },
    })
    .from(studyGroups)
    .leftJoinLateral(ratingsOf, sql`true`)
    .leftJoin(membership, and(eq(membership.studyGroupId, studyGroups.id), eq(membership.userId, viewerId)))
    .leftJoin(
      mediaUploads,
      sql`${mediaUploads.key} = 'uploads/' || substring(${studyGroups.coverImage} from '/media/(.*)$')`,
    )
    .where(anyOf(studyGroups.id, ids));
  const ownersQuery = db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      avatar: users.avatar,
      isVerified: users.isVerified,
      rating: sql<number>`(select ${averageRating} from ${groupRatings}
        join ${ownedGroups} on ${owned.id} = ${groupRatings.studyGroupId}
        where ${owned.ownerId} = ${users.id})`,
      totalStudents: sql<number>`(select count(distinct ${groupMemberships.userId})::int from ${groupMemberships}
        join ${ownedGroups} on ${owned.id} = ${groupMemberships.studyGroupId}
        where ${owned.ownerId} = ${users.id} and ${currentMembershipSql})`,
      followed: sql<boolean>`${follows.followerId} is not null`,
    })
    .from(users)
    // A join (one row at most: the viewer's follow) also makes Drizzle name every column with its
    // table, which the subqueries above need.
    .leftJoin(follows, and(eq(follows.followerId, viewerId), eq(follows.followingId, users.id)))
    .where(anyOf(users.id, ownerIds));
  // The viewer's age and role (the image rule), and their groups per category (relevance).
  const viewerQuery = db
    .select({
      id: users.id,
      birthDate: users.birthDate,
      userType: users.userType,
      categories: sql<CategoryCount[]>`(select coalesce(json_agg(counted), '[]'::json)
        from (${viewerCategoryCountsQuery(db, viewerId)}) as counted(category, groups))`,
    })
    .from(users)
    .where(eq(users.id, viewerId));
  const [groups, owners, [viewer]] = await Promise.all([
    runNamed(groupsQuery),
    runNamed(ownersQuery),
    runNamed(viewerQuery),
  ]);
  return { groups, owners, viewer: viewer ?? null };
}
