import type { GroupCategory, GroupCategoryFilter, PageQuery } from '@estudai/contract';
import { and, count, desc, eq, exists, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { follows, groupMemberships, groupRatings, posts, studyGroups } from '../../db/schema/index.ts';
import { foldForSearch, matchesEveryWord } from '../../lib/search-text.ts';
import { isUuid } from '../posts/posts.queries.ts';
import { currentMembershipSql, type GroupRow } from './group-access.ts';
import { categoryPointsByCategory, relevanceScoreSql } from './relevance.ts';

// Queries behind the group lists, and the small ones the services share.

/** The viewer's groups (owned, or a current membership), counted per category. */
export async function viewerCategoryCounts(db: Tx, viewerId: string) {
  const memberOf = db
    .select({ id: groupMemberships.studyGroupId })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.userId, viewerId), currentMembershipSql));
  return db
    .select({ category: studyGroups.category, groups: count() })
    .from(studyGroups)
    .where(sql`(${studyGroups.ownerId} = ${viewerId} or ${studyGroups.id} in ${memberOf})`)
    .groupBy(studyGroups.category);
}

/** The group's row, locked until the transaction ends (null for an unknown or malformed id). */
export async function lockGroup(tx: Tx, groupId: string): Promise<GroupRow | null> {
  if (!isUuid(groupId)) return null;
  const [group] = await tx.select().from(studyGroups).where(eq(studyGroups.id, groupId)).for('update');
  return group ?? null;
}

/** Current members of one group (the owner not counted). */
export async function countCurrentMembers(db: Tx, groupId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.studyGroupId, groupId), currentMembershipSql));
  return row?.n ?? 0;
}
export interface GroupFilters extends PageQuery {
  search: string;
  category: GroupCategoryFilter;
}
export interface GroupRowPage {
  rows: GroupRow[];
  hasMore: boolean;
}

/** Category and accent-insensitive text filters; the LIKE is served by the trigram index. */
function filtersSql(filters: GroupFilters): { where: SQL | undefined; folded: string } {
  const folded = foldForSearch(filters.search);
  return {
    folded,
    where: and(
      filters.category === 'all' ? undefined : eq(studyGroups.category, filters.category),
      folded ? matchesEveryWord(studyGroups.searchText, folded) : undefined,
    ),
  };
}

async function pageOfRows(
  query: (take: number, offset: number) => Promise<{ group: GroupRow }[]>,
  input: PageQuery,
): Promise<GroupRowPage> {
  const fetched = await query(input.limit + 1, (input.page - 1) * input.limit);
  return {
    rows: fetched.slice(0, input.limit).map((row) => row.group),
    hasMore: fetched.length > input.limit,
  };
}

const viewerIsCurrentMember = (db: Tx, viewerId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(groupMemberships)
      .where(
        and(
          eq(groupMemberships.studyGroupId, studyGroups.id),
          eq(groupMemberships.userId, viewerId),
          currentMembershipSql,
        ),
      ),
  );

/**
 * The viewer's relevance score of each group (relevance.ts), as an SQL order. Members and ratings
 * are aggregated once and joined: cheaper than a lookup per row when no search narrows the list.
 */
async function relevanceOrder(db: Tx, viewerId: string) {
  const members = db
    .select({ groupId: groupMemberships.studyGroupId, n: count().as('members_n') })
    .from(groupMemberships)
    .where(currentMembershipSql)
    .groupBy(groupMemberships.studyGroupId)
    .as('members');
  const ratings = db
    .select({
      groupId: groupRatings.studyGroupId,
      average: sql<number>`avg(${groupRatings.rating})`.as('ratings_average'),
      n: count().as('ratings_n'),
    })
    .from(groupRatings)
    .groupBy(groupRatings.studyGroupId)
    .as('ratings');
  const followed = db
    .select({ id: follows.followingId })
    .from(follows)
    .where(eq(follows.followerId, viewerId));
  const categories = (await viewerCategoryCounts(db, viewerId)) as {
    category: GroupCategory;
    groups: number;
  }[];
  const score = relevanceScoreSql(
    {
      category: studyGroups.category,
      ownerFollowed: sql`${studyGroups.ownerId} in ${followed}`,
      members: sql`coalesce(${members.n}, 0)`,
      maxMembers: studyGroups.maxMembers,
      ratingAverage: sql`coalesce(${ratings.average}, 0)`,
      ratingsCount: sql`coalesce(${ratings.n}, 0)`,
    },
    categoryPointsByCategory(categories),
  );
  return { members, ratings, order: sql`${score} desc` };
}

/**
 * 'Disponíveis': active groups the viewer is not in. With a search, the best text matches first;
 * without one, the most relevant for this viewer first; then the newest.
 */
export async function listAvailableRows(
  db: Tx,
  viewerId: string,
  filters: GroupFilters,
): Promise<GroupRowPage> {
  const { where, folded } = filtersSql(filters);
  const query = db.select({ group: studyGroups }).from(studyGroups).$dynamic();
  let order: SQL;
  if (folded) {
    order = sql`word_similarity(${folded}, ${studyGroups.searchText}) desc`;
  } else {
    const relevance = await relevanceOrder(db, viewerId);
    query
      .leftJoin(relevance.members, eq(relevance.members.groupId, studyGroups.id))
      .leftJoin(relevance.ratings, eq(relevance.ratings.groupId, studyGroups.id));
    order = relevance.order;
  }
  return pageOfRows(
    (take, offset) =>
      query
        .where(
          and(
            eq(studyGroups.isActive, true),
            ne(studyGroups.ownerId, viewerId),
            sql`not ${viewerIsCurrentMember(db, viewerId)}`,
            where,
          ),
        )
        .orderBy(order, desc(studyGroups.createdAt), desc(studyGroups.id))
        .limit(take)
        .offset(offset),
    filters,
  );
}

/** 'Meus Grupos': owned, or a current membership not archived; the latest activity first. */
export function listMyRows(db: Tx, viewerId: string, filters: GroupFilters): Promise<GroupRowPage> {
  const { where } = filtersSql(filters);
  const mine = sql`(select ${studyGroups.id} from ${studyGroups} where ${studyGroups.ownerId} = ${viewerId}
    union all
    select ${groupMemberships.studyGroupId} from ${groupMemberships}
    where ${groupMemberships.userId} = ${viewerId} and ${currentMembershipSql} and ${groupMemberships.archivedAt} is null)`;
  const joinedAt = sql`(select ${groupMemberships.joinedAt} from ${groupMemberships}
    where ${groupMemberships.studyGroupId} = ${studyGroups.id} and ${groupMemberships.userId} = ${viewerId})`;
  const lastPostAt = sql`(select max(${posts.createdAt}) from ${posts} where ${posts.studyGroupId} = ${studyGroups.id})`;
  const activity = sql`greatest(${studyGroups.updatedAt}, coalesce(${joinedAt}, ${studyGroups.createdAt}), coalesce(${lastPostAt}, ${studyGroups.createdAt}))`;
  return pageOfRows(
    (take, offset) =>
      db
        .select({ group: studyGroups })
        .from(studyGroups)
        .where(and(sql`${studyGroups.id} in ${mine}`, where))
        .orderBy(desc(activity), desc(studyGroups.id))
        .limit(take)
        .offset(offset),
    filters,
  );
}

/** 'Arquivados': current memberships the viewer archived, the latest archived first. */
export function listArchivedRows(db: Tx, viewerId: string, filters: GroupFilters): Promise<GroupRowPage> {
  const { where } = filtersSql(filters);
  return pageOfRows(
    (take, offset) =>
      db
        .select({ group: studyGroups })
        .from(groupMemberships)
        .innerJoin(studyGroups, eq(studyGroups.id, groupMemberships.studyGroupId))
        .where(
          and(
            eq(groupMemberships.userId, viewerId),
            currentMembershipSql,
            isNotNull(groupMemberships.archivedAt),
            where,
          ),
        )
        .orderBy(desc(groupMemberships.archivedAt), desc(studyGroups.id))
        .limit(take)
        .offset(offset),
    filters,
  );
}

/** Groups `userId` owns, then those with a current membership, as {id, name}, newest first. */
export async function listGroupRefs(db: Tx, userId: string) {
  const [own, member] = await Promise.all([
    db
      .select({ id: studyGroups.id, name: studyGroups.name })
      .from(studyGroups)
      .where(eq(studyGroups.ownerId, userId))
      .orderBy(desc(studyGroups.createdAt), desc(studyGroups.id)),
    db
      .select({ id: studyGroups.id, name: studyGroups.name })
      .from(groupMemberships)
      .innerJoin(studyGroups, eq(studyGroups.id, groupMemberships.studyGroupId))
      .where(and(eq(groupMemberships.userId, userId), currentMembershipSql))
      .orderBy(desc(groupMemberships.joinedAt), desc(studyGroups.id)),
  ]);
  return { ownGroups: own, memberGroups: member };
}
