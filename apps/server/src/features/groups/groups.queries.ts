import {
  GROUP_CATEGORY_VALUES,
  type GroupCategory,
  type GroupCategoryFilter,
  type PageQuery,
} from '@estudai/contract';
import { and, avg, count, desc, eq, exists, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { currentMembershipSql, type GroupRow } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { groupMemberships, groupRatings, posts, studyGroups, users } from '../../db/schema/index.ts';
import { foldForSearch, matchesEveryWord } from '../../lib/search-text.ts';
import { categoryPointsByCategory, RELEVANCE_WEIGHTS } from './relevance.ts';

// Queries behind the group lists, and the small ones the services share.

/** The viewer's groups (owned, or a current membership), counted per category. */
export function viewerCategoryCountsQuery(db: Tx, viewerId: string) {
  const memberOf = db
    .select({ id: groupMemberships.studyGroupId })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.userId, viewerId), currentMembershipSql));
  const owned = db.select({ id: studyGroups.id }).from(studyGroups).where(eq(studyGroups.ownerId, viewerId));
  // A union, not `owner_id = … or id in …`, so both halves use their index instead of a scan.
  return db
    .select({ category: studyGroups.category, groups: count() })
    .from(studyGroups)
    .where(inArray(studyGroups.id, union(owned, memberOf)))
    .groupBy(studyGroups.category);
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
 * 'Disponíveis' without a search, most relevant for the viewer first (relevance.ts): the score is
 * the group's stored base_score (popularity and rating, kept by triggers) plus points that depend
 * only on its category and on whether the viewer follows its owner. So every category is one
 * stream already in order in study_groups_rank_idx; the page is the best of a few index reads
 * (one per category, and the followed owners' groups), never a scan of every group.
 */
async function listAvailableByRelevance(
  db: Tx,
  viewerId: string,
  filters: GroupFilters,
): Promise<GroupRowPage> {
  const categories = filters.category === 'all' ? GROUP_CATEGORY_VALUES : [filters.category];
  const points = categoryPointsByCategory(
    (await viewerCategoryCountsQuery(db, viewerId)) as { category: GroupCategory; groups: number }[],
  );
  const offset = (filters.page - 1) * filters.limit;
  const take = offset + filters.limit + 1;
  const notTheViewers = sql`g.owner_id <> ${viewerId} and not exists (
    select 1 from group_memberships m where m.study_group_id = g.id and m.user_id = ${viewerId}
      and m.status = 'active' and (m.expires_at is null or m.expires_at > now()))`;
  const byCategory = categories.map(
    (category) => sql`(select g.id, g.created_at, g.base_score + ${points[category] ?? 0}::float8 as total
      from study_groups g
      where g.is_active and g.category = ${category} and ${notTheViewers}
      order by g.base_score desc, g.created_at desc, g.id desc
      limit ${take})`,
  );
  const categoryPoints = sql`(case g.category ${sql.join(
    categories.map((category) => sql`when ${category} then ${points[category] ?? 0}::float8`),
    sql` `,
  )} else 0::float8 end)`;
  const ofFollowedOwners = sql`(select g.id, g.created_at,
      g.base_score + ${categoryPoints} + ${RELEVANCE_WEIGHTS.followedOwner}::float8 as total
    from study_groups g
    where g.is_active and g.category in (${sql.join(categories, sql`, `)}) and ${notTheViewers}
      and g.owner_id in (select following_id from follows where follower_id = ${viewerId})
    order by total desc, g.created_at desc, g.id desc
    limit ${take})`;
  // A followed owner's group is in two streams: it keeps its higher total. Named (one text for every
  // category, one for each single one): PostgreSQL planned it for 2.0 ms to run 0.5 (issue 41).
  return pageInOrder(
    db,
    await idsOf(
      db,
      prepared(sql`select id from (${sql.join([...byCategory, ofFollowedOwners], sql` union all `)}) as candidates
        group by id, created_at
        order by max(total) desc, created_at desc, id desc
        limit ${filters.limit + 1} offset ${offset}`),
    ),
    filters.limit,
  );
}

async function idsOf(db: Tx, query: SQL): Promise<string[]> {
  const result = await db.execute<{ id: string }>(query);
  return (Array.isArray(result) ? result : (result as { rows: { id: string }[] }).rows).map((row) => row.id);
}

/** The groups of `ids` (limit + 1 of them at most) in that order, as a page. */
async function pageInOrder(db: Tx, ids: string[], limit: number): Promise<GroupRowPage> {
  const rows = ids.length ? await db.select().from(studyGroups).where(inArray(studyGroups.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  return { rows: ordered.slice(0, limit), hasMore: ordered.length > limit };
}

/**
 * How many matches of a search are ranked by text similarity: all of them up to this many; beyond
 * it (a word most groups have, like 'enem'), the most relevant this many. Ranking every match of
 * such a word would cost seconds at 100,000 groups for no better first page.
 */
const SEARCH_RANKED_MATCHES = 1_000;

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
  if (!folded) return listAvailableByRelevance(db, viewerId, filters);
  const offset = (filters.page - 1) * filters.limit;
  const candidates = Math.max(SEARCH_RANKED_MATCHES, offset + filters.limit + 1);
  const matches = sql`select ${studyGroups.id} as id, ${studyGroups.searchText} as search_text,
      ${studyGroups.baseScore} as base_score, ${studyGroups.createdAt} as created_at
    from ${studyGroups}
    where ${and(
      eq(studyGroups.isActive, true),
      ne(studyGroups.ownerId, viewerId),
      sql`not ${viewerIsCurrentMember(db, viewerId)}`,
      where,
    )}
    order by ${studyGroups.baseScore} desc, ${studyGroups.createdAt} desc, ${studyGroups.id} desc
    limit ${candidates}`;
  return pageInOrder(
    db,
    await idsOf(
      db,
      sql`select id from (${matches}) as matches
        order by word_similarity(${folded}, search_text) desc, base_score desc, created_at desc, id desc
        limit ${filters.limit + 1} offset ${offset}`,
    ),
    filters.limit,
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

/**
 * `GET /api/search?type=groups`: every active group whose name, description, subject, category,
 * tags or owner's name hold each word ('matematica', 'Carla'), the viewer's own included; the most
 * popular and best rated first (base_score).
 */
export async function searchGroupRows(
  db: Tx,
  query: string,
  page: { offset: number; limit: number },
): Promise<GroupRowPage> {
  const folded = foldForSearch(query);
  if (!folded) return { rows: [], hasMore: false };
  const rows = await db
    .select()
    .from(studyGroups)
    .where(and(eq(studyGroups.isActive, true), matchesEveryWord(studyGroups.searchText, folded)))
    .orderBy(desc(studyGroups.baseScore), desc(studyGroups.createdAt), desc(studyGroups.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}

// The writes of groups.service.ts.

export async function findDisplayName(db: Tx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, userId));
  return row?.displayName;
}

export function listOwnedGroups(db: Tx, ownerId: string): Promise<GroupRow[]> {
  return db.select().from(studyGroups).where(eq(studyGroups.ownerId, ownerId));
}

export async function setGroupSearchText(db: Tx, groupId: string, searchText: string): Promise<void> {
  await db.update(studyGroups).set({ searchText }).where(eq(studyGroups.id, groupId));
}

export async function insertGroup(db: Tx, values: typeof studyGroups.$inferInsert): Promise<GroupRow> {
  const [group] = await db.insert(studyGroups).values(values).returning();
  if (!group) throw new Error('the new group was not inserted');
  return group;
}

export async function updateGroupRow(
  db: Tx,
  groupId: string,
  changes: Partial<typeof studyGroups.$inferInsert>,
): Promise<GroupRow | undefined> {
  const [row] = await db.update(studyGroups).set(changes).where(eq(studyGroups.id, groupId)).returning();
  return row;
}

/** A user as an invitation needs them: there, and whether suspended. */
export async function findInvitee(db: Tx, userId: string) {
  const [invitee] = await db
    .select({ id: users.id, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId));
  return invitee;
}

// Ratings (ratings.service.ts).

/** One rating per member and group: rating again replaces it (without a comment, the old one stays). */
export async function upsertRating(
  db: Tx,
  rating: { groupId: string; userId: string; rating: number; comment?: string; updatedAt: Date },
): Promise<void> {
  const { groupId, userId, comment, updatedAt } = rating;
  await db
    .insert(groupRatings)
    .values({ studyGroupId: groupId, userId, rating: rating.rating, comment: comment ?? '', updatedAt })
    .onConflictDoUpdate({
      target: [groupRatings.studyGroupId, groupRatings.userId],
      // Rating again without a comment keeps the one written before.
      set:
        comment === undefined
          ? { rating: rating.rating, updatedAt }
          : { rating: rating.rating, comment, updatedAt },
    });
}

/** The average of every rating the owner's groups received, as the database gives it (or null). */
export async function ownerAverageRating(db: Tx, ownerId: string) {
  const [row] = await db
    .select({ average: avg(groupRatings.rating) })
    .from(groupRatings)
    .where(
      inArray(
        groupRatings.studyGroupId,
        db.select({ id: studyGroups.id }).from(studyGroups).where(eq(studyGroups.ownerId, ownerId)),
      ),
    );
  return row?.average ?? null;
}
