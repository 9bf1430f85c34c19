import {
  type createGroupInputSchema,
  GROUP_CREATOR_TYPES,
  GROUP_MESSAGES,
  type GroupRef,
  MEDIA_ERROR_CODES,
  type StudyGroup,
  type updateGroupInputSchema,
} from '@estudai/contract';
import type { z } from 'zod';
import {
  allOwnUploads,
  countCurrentMembers,
  findGroup,
  type GroupRow,
  lockGroup,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { foldForSearch } from '../../lib/search-text.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { loadGroupFacts } from './groups.facts.ts';
import { toStudyGroup } from './groups.present.ts';
import {
  findDisplayName,
  type GroupFilters,
  insertGroup,
  listArchivedRows,
  listAvailableRows,
  listGroupRefs,
  listMyRows,
  listOwnedGroups,
  searchGroupRows,
  setGroupSearchText,
  updateGroupRow,
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
function uniqueTags(tags: readonly string[]): string[] {
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
  return (await findDisplayName(db, userId)) ?? '';
}

/** After an owner changes their name: their groups are found by the new one. */
export async function refreshOwnerSearchText(db: Tx, ownerId: string, displayName: string): Promise<void> {
  const owned = await listOwnedGroups(db, ownerId);
  for (const group of owned) {
    await setGroupSearchText(db, group.id, groupSearchText(group, displayName));
  }
}

/** Groups as one viewer sees them at `now`, in the given order. */
async function presentGroups(db: Tx, viewerId: string, groups: GroupRow[], now: Date): Promise<StudyGroup[]> {
  const facts = await loadGroupFacts(db, viewerId, groups, now);
  return groups.flatMap((group) => {
    const fact = facts.get(group.id);
    return fact ? [toStudyGroup(group, fact, viewerId)] : [];
  });
}

async function presentGroup(db: Tx, viewerId: string, group: GroupRow, now: Date): Promise<StudyGroup> {
  const [shown] = await presentGroups(db, viewerId, [group], now);
  if (!shown) throw notFound(GROUP_MESSAGES.notFound);
  return shown;
}

/**
 * Issue 43: a new cover is an image the editor sent through `POST /api/media` as `group_cover` (the
 * image check looks at it before a minor sees it; an outside address is neither checked nor safe
 * from logging its viewers). A cover left as it was stays, whatever it is.
 */
async function requireUploadedCover(
  ctx: AppContext,
  db: Tx,
  editor: SessionUser,
  cover: string | null | undefined,
  current: string | null,
): Promise<void> {
  if (!cover || cover === current) return;
  if (!(await allOwnUploads(db, ctx.config.publicUrl, editor.id, [cover], 'group_cover'))) {
    throw badRequest(GROUP_MESSAGES.coverNotUploaded, MEDIA_ERROR_CODES.notUploaded);
  }
}

export async function createGroup(
  ctx: AppContext,
  owner: SessionUser,
  input: CreateGroup,
): Promise<StudyGroup> {
  assertCanCreateGroup(owner);
  await requireUploadedCover(ctx, ctx.database.db, owner, input.coverImage, null);
  const { currency: _currency, ...fields } = input;
  const values = { ...fields, tags: uniqueTags(fields.tags) };
  const group = await insertGroup(ctx.database.db, {
    ...values,
    ownerId: owner.id,
    searchText: groupSearchText(values, owner.displayName),
  });
  return presentGroup(ctx.database.db, owner.id, group, ctx.clock());
}

/** The public card of a group, readable by every verified user. */
export async function getGroup(ctx: AppContext, viewer: SessionUser, groupId: string): Promise<StudyGroup> {
  const group = await findGroup(ctx.database.db, groupId);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  return presentGroup(ctx.database.db, viewer.id, group, ctx.clock());
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
  const updated = await ctx.events.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group) throw notFound(GROUP_MESSAGES.notFound);
    if (group.ownerId !== editor.id && editor.userType !== 'admin')
      throw forbidden(GROUP_MESSAGES.editForbidden);
    if (input.maxMembers !== undefined && input.maxMembers < (await countCurrentMembers(tx, group.id))) {
      throw badRequest(GROUP_MESSAGES.maxMembersBelowCurrent);
    }
    await requireUploadedCover(ctx, tx, editor, input.coverImage, group.coverImage);
    const next = {
      ...input,
      ...mergedPrice(group, input),
      ...(input.tags ? { tags: uniqueTags(input.tags) } : {}),
    };
    const row = await updateGroupRow(tx, group.id, {
      ...next,
      searchText: groupSearchText({ ...group, ...next }, await displayNameOf(tx, group.ownerId)),
      updatedAt: ctx.clock(),
    });
    if (!row) throw notFound(GROUP_MESSAGES.notFound);
    // Its members hear of it with the group's news (notifications/subscribers/groups.ts).
    if (group.isActive && !row.isActive)
      await ctx.events.emit(tx, 'group.deactivated', { groupId, actorId: editor.id });
    return row;
  });
  return presentGroup(db, editor.id, updated, ctx.clock());
}

async function toPage(
  ctx: AppContext,
  viewerId: string,
  page: { rows: GroupRow[]; hasMore: boolean },
): Promise<GroupPage> {
  return {
    data: await presentGroups(ctx.database.db, viewerId, page.rows, ctx.clock()),
    hasMore: page.hasMore,
  };
}

export async function listAvailable(ctx: AppContext, viewer: SessionUser, filters: GroupFilters) {
  const { db } = ctx.database;
  return toPage(ctx, viewer.id, await listAvailableRows(db, viewer.id, filters));
}

/** Groups found by the search box (groups.queries.ts `searchGroupRows`). */
export async function searchGroups(
  ctx: AppContext,
  viewer: SessionUser,
  query: string,
  page: { offset: number; limit: number },
) {
  const { db } = ctx.database;
  return toPage(ctx, viewer.id, await searchGroupRows(db, query, page));
}

export async function listMine(ctx: AppContext, viewer: SessionUser, filters: GroupFilters) {
  const { db } = ctx.database;
  return toPage(ctx, viewer.id, await listMyRows(db, viewer.id, filters));
}

export async function listArchived(ctx: AppContext, viewer: SessionUser, filters: GroupFilters) {
  const { db } = ctx.database;
  return toPage(ctx, viewer.id, await listArchivedRows(db, viewer.id, filters));
}

/** For profiles: the groups someone owns and those they are a current member of. */
export function listUserGroupRefs(
  db: Tx,
  userId: string,
): Promise<{ ownGroups: GroupRef[]; memberGroups: GroupRef[] }> {
  return listGroupRefs(db, userId);
}
