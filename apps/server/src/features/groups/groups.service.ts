import {
  type createGroupInputSchema,
  GROUP_CREATOR_TYPES,
  GROUP_MESSAGES,
  type GroupRef,
  type StudyGroup,
  type updateGroupInputSchema,
} from '@estudai/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { countCurrentMembers, findGroup, type GroupRow, lockGroup } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { studyGroups, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { foldForSearch } from '../../lib/search-text.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { announceGroupNews } from './group-news.service.ts';
import { loadGroupFacts } from './groups.facts.ts';
import { toStudyGroup } from './groups.present.ts';
import {
  type GroupFilters,
  listArchivedRows,
  listAvailableRows,
  listGroupRefs,
  listMyRows,
  searchGroupRows,
} from './groups.queries.ts';

/** The bodies as the routes' schemas leave them: trimmed, with defaults filled in. */
type CreateGroup = z.output<typeof createGroupInputSchema>;
type UpdateGroup = z.output<typeof updateGroupInputSchema>;

export interface GroupPage {
  data: StudyGroup[];
  hasMore: boolean;
}

/** Teachers, mentors, tutors and admins create groups (spec §6); students get the spec's 403. */
export function assertCanCreateGroup(user: SessionUser): void {
  if (!(GROUP_CREATOR_TYPES as readonly string[]).includes(user.userType)) {
    throw forbidden(GROUP_MESSAGES.createForbidden);
  }
}

/** Trimmed (by the schema) and without repeats, ignoring case; the first spelling stays. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLocaleLowerCase('pt-BR');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type SearchedFields = Pick<GroupRow, 'name' | 'description' | 'summary' | 'subject' | 'category' | 'tags'>;

/** What a group search matches, folded: its texts, its category ('matematica') and its owner's name. */
export const groupSearchText = (group: SearchedFields, ownerName: string) =>
  foldForSearch(
    group.name,
    group.description,
    group.summary,
    group.subject,
    group.category,
    ownerName,
    group.tags,
  );

async function displayNameOf(db: Tx, userId: string): Promise<string> {
  const [row] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, userId));
  return row?.displayName ?? '';
}

/** After an owner changes their name: their groups are found by the new one. */
export async function refreshOwnerSearchText(db: Tx, ownerId: string, displayName: string): Promise<void> {
  const owned = await db.select().from(studyGroups).where(eq(studyGroups.ownerId, ownerId));
  for (const group of owned) {
    await db
      .update(studyGroups)
      .set({ searchText: groupSearchText(group, displayName) })
      .where(eq(studyGroups.id, group.id));
  }
}

/** Groups as one viewer sees them, in the given order. */
export async function presentGroups(db: Tx, viewerId: string, groups: GroupRow[]): Promise<StudyGroup[]> {
  const facts = await loadGroupFacts(db, viewerId, groups);
  return groups.flatMap((group) => {
    const fact = facts.get(group.id);
    return fact ? [toStudyGroup(group, fact, viewerId)] : [];
  });
}

async function presentGroup(db: Tx, viewerId: string, group: GroupRow): Promise<StudyGroup> {
  const [shown] = await presentGroups(db, viewerId, [group]);
  if (!shown) throw notFound(GROUP_MESSAGES.notFound);
  return shown;
}

export async function createGroup(
  ctx: AppContext,
  owner: SessionUser,
  input: CreateGroup,
): Promise<StudyGroup> {
  assertCanCreateGroup(owner);
  const { currency: _currency, ...fields } = input;
  const values = { ...fields, tags: uniqueTags(fields.tags) };
  const [group] = await ctx.database.db
    .insert(studyGroups)
    .values({ ...values, ownerId: owner.id, searchText: groupSearchText(values, owner.displayName) })
    .returning();
  if (!group) throw new Error('the new group was not inserted');
  return presentGroup(ctx.database.db, owner.id, group);
}

/** The public card of a group, readable by every verified user. */
export async function getGroup(ctx: AppContext, viewer: SessionUser, groupId: string): Promise<StudyGroup> {
  const group = await findGroup(ctx.database.db, groupId);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  return presentGroup(ctx.database.db, viewer.id, group);
}

/** Price and paid flag as they will be after the change, checked together. */
function mergedPrice(group: GroupRow, input: UpdateGroup): { isPaid: boolean; price: number } {
  const isPaid = input.isPaid ?? group.isPaid;
  const price = input.price ?? (input.isPaid === false ? 0 : group.price);
  if (isPaid && price <= 0) throw badRequest(GROUP_MESSAGES.paidNeedsPrice);
  if (!isPaid && price !== 0) throw badRequest(GROUP_MESSAGES.freeHasNoPrice);
  return { isPaid, price };
}

/**
 * The owner (or an admin) changes any field; `isActive: false` closes the group to new members.
 * The group row is locked while the member limit is checked, so a join cannot slip past it.
 */
export async function updateGroup(
  ctx: AppContext,
  editor: SessionUser,
  groupId: string,
  input: UpdateGroup,
): Promise<StudyGroup> {
  const { db } = ctx.database;
  const updated = await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group) throw notFound(GROUP_MESSAGES.notFound);
    if (group.ownerId !== editor.id && editor.userType !== 'admin')
      throw forbidden(GROUP_MESSAGES.editForbidden);
    if (input.maxMembers !== undefined && input.maxMembers < (await countCurrentMembers(tx, group.id))) {
      throw badRequest(GROUP_MESSAGES.maxMembersBelowCurrent);
    }
    const next = {
      ...input,
      ...mergedPrice(group, input),
      ...(input.tags ? { tags: uniqueTags(input.tags) } : {}),
    };
    const [row] = await tx
      .update(studyGroups)
      .set({
        ...next,
        searchText: groupSearchText({ ...group, ...next }, await displayNameOf(tx, group.ownerId)),
        updatedAt: new Date(),
      })
      .where(eq(studyGroups.id, group.id))
      .returning();
    if (!row) throw notFound(GROUP_MESSAGES.notFound);
    return { row, deactivated: group.isActive && !row.isActive };
  });
  if (updated.deactivated)
    announceGroupNews(ctx, { groupId: groupId, actorId: editor.id, news: 'deactivated' });
  return presentGroup(db, editor.id, updated.row);
}

async function toPage(
  db: Tx,
  viewerId: string,
  page: { rows: GroupRow[]; hasMore: boolean },
): Promise<GroupPage> {
  return { data: await presentGroups(db, viewerId, page.rows), hasMore: page.hasMore };
}

export async function listAvailable(ctx: AppContext, viewer: SessionUser, filters: GroupFilters) {
  const { db } = ctx.database;
  return toPage(db, viewer.id, await listAvailableRows(db, viewer.id, filters));
}

/** Groups found by the search box (groups.queries.ts `searchGroupRows`). */
export async function searchGroups(
  ctx: AppContext,
  viewer: SessionUser,
  query: string,
  page: { offset: number; limit: number },
) {
  const { db } = ctx.database;
  return toPage(db, viewer.id, await searchGroupRows(db, query, page));
}

export async function listMine(ctx: AppContext, viewer: SessionUser, filters: GroupFilters) {
  const { db } = ctx.database;
  return toPage(db, viewer.id, await listMyRows(db, viewer.id, filters));
}

export async function listArchived(ctx: AppContext, viewer: SessionUser, filters: GroupFilters) {
  const { db } = ctx.database;
  return toPage(db, viewer.id, await listArchivedRows(db, viewer.id, filters));
}

/** For profiles: the groups someone owns and those they are a current member of. */
export function listUserGroupRefs(
  db: Tx,
  userId: string,
): Promise<{ ownGroups: GroupRef[]; memberGroups: GroupRef[] }> {
  return listGroupRefs(db, userId);
}
