import { GROUP_MESSAGES, TEACHING_MESSAGES } from '@estudai/contract';
import { type AnyColumn, and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { groupMemberships, groupTeachers, studyGroups } from '../db/schema/index.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';

// Who may see a group's members-only content (posts, materials, videos, forum): its owner, its
// co-teachers, and users with an active membership that has not expired; and who may manage it
// (owner and co-teachers) or administer it (owner: price, invite links, co-teachers, earnings).
// Every feature asks here; nobody else decides. Nothing is cached: a removed member is refused on
// the very next request, on any server process.

export type GroupRow = typeof studyGroups.$inferSelect;
export type MembershipRow = typeof groupMemberships.$inferSelect;

/** An active membership row whose access is still valid now. */
export const membershipIsCurrent = (
  membership: Pick<MembershipRow, 'status' | 'expiresAt'> | null | undefined,
  now = new Date(),
) => membership?.status === 'active' && (membership.expiresAt === null || membership.expiresAt > now);

/** SQL: the membership row (aliased as `group_memberships`) gives access right now. */
export const currentMembershipSql = sql`(${groupMemberships.status} = 'active' and (${groupMemberships.expiresAt} is null or ${groupMemberships.expiresAt} > now()))`;

export interface GroupAccess {
  group: GroupRow;
  membership: MembershipRow | null;
  isOwner: boolean;
  /** A co-teacher the owner added (issue 24). */
  isTeacher: boolean;
  /** Owner or co-teacher: members, announcements, classes, uploads, forum moderation. */
  canManage: boolean;
  /** Owner, co-teacher or a current member: may read and write the members-only content. */
  canAccess: boolean;
}

export async function findGroup(db: Tx, groupId: string): Promise<GroupRow | null> {
  if (!isUuid(groupId)) return null;
  const [group] = await db.select().from(studyGroups).where(eq(studyGroups.id, groupId)).limit(1);
  return group ?? null;
}

export async function findMembership(db: Tx, groupId: string, userId: string): Promise<MembershipRow | null> {
  const [membership] = await db
    .select()
    .from(groupMemberships)
    .where(and(eq(groupMemberships.studyGroupId, groupId), eq(groupMemberships.userId, userId)))
    .limit(1);
  return membership ?? null;
}

/** What the rule below needs to know about a person and a group. */
export interface GroupFacts {
  isOwner: boolean;
  /** A co-teacher the owner added (issue 24). */
  isTeacher: boolean;
  membership: Pick<MembershipRow, 'status' | 'expiresAt'> | null;
}

export type GroupAction = 'readContent' | 'manage' | 'administer';

/**
 * The group rule, as a table: owner and co-teachers manage (members, announcements, classes,
 * uploads, forum moderation); only the owner administers (price, invite links, co-teachers,
 * earnings); they and current members read and write the members-only content.
 */
export function groupCan(facts: GroupFacts, action: GroupAction, now: Date): boolean {
  const manages = facts.isOwner || facts.isTeacher;
  switch (action) {
    case 'administer':
      return facts.isOwner;
    case 'manage':
      return manages;
    case 'readContent':
      return manages || membershipIsCurrent(facts.membership, now);
  }
}

/** The group and what `userId` may do in it; 404 'Grupo não encontrado' for an unknown id. */
export async function groupAccess(
  db: Tx,
  groupId: string,
  userId: string,
  now = new Date(),
): Promise<GroupAccess> {
  const group = await findGroup(db, groupId);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  const isOwner = group.ownerId === userId;
  const membership = isOwner ? null : await findMembership(db, groupId, userId);
  const isTeacher = !isOwner && (await isCoTeacher(db, groupId, userId));
  const facts = { isOwner, isTeacher, membership };
  return {
    group,
    membership,
    isOwner,
    isTeacher,
    canManage: groupCan(facts, 'manage', now),
    canAccess: groupCan(facts, 'readContent', now),
  };
}

async function isCoTeacher(db: Tx, groupId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupTeachers.userId })
    .from(groupTeachers)
    .where(and(eq(groupTeachers.studyGroupId, groupId), eq(groupTeachers.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** Owner or co-teacher; anyone else 403 (the group's card is public), an unknown group 404. */
export async function requireGroupManager(db: Tx, groupId: string, userId: string): Promise<GroupAccess> {
  const access = await groupAccess(db, groupId, userId);
  if (!access.canManage) throw forbidden(TEACHING_MESSAGES.manageForbidden);
  return access;
}

/** The owner only (co-teachers included in the refusal): 403, an unknown group 404. */
export async function requireGroupOwner(db: Tx, groupId: string, userId: string): Promise<GroupAccess> {
  const access = await groupAccess(db, groupId, userId);
  if (!groupCan(access, 'administer', new Date())) throw forbidden(TEACHING_MESSAGES.ownerOnly);
  return access;
}

/**
 * Members-only content, in free and paid groups alike (docs/decisions/013): the owner and current
 * members pass; anyone else gets 403 with the pt-BR reason, since the group's card is public
 * (GET /study-groups/{id}); an unknown group is 404.
 */
export async function requireGroupContentAccess(
  db: Tx,
  groupId: string,
  userId: string,
): Promise<GroupAccess> {
  const access = await groupAccess(db, groupId, userId);
  if (!access.canAccess) throw forbidden(GROUP_MESSAGES.membersOnly);
  return access;
}

/** The group's row, locked until the transaction ends (null for an unknown or malformed id). */
export async function lockGroup(tx: Tx, groupId: string): Promise<GroupRow | null> {
  if (!isUuid(groupId)) return null;
  const [group] = await tx.select().from(studyGroups).where(eq(studyGroups.id, groupId)).for('update');
  return group ?? null;
}

/**
 * SQL: the person in `userId` is already in the group — its owner, a co-teacher or a current member —
 * so inviting them makes no sense (issue 36: 'Convidar' leaves them out).
 */
export function alreadyInGroupSql(groupId: string, userId: SQL | AnyColumn): SQL {
  return sql`(exists (select 1 from ${studyGroups} where ${studyGroups.id} = ${groupId} and ${studyGroups.ownerId} = ${userId})
    or exists (select 1 from ${groupTeachers} where ${groupTeachers.studyGroupId} = ${groupId} and ${groupTeachers.userId} = ${userId})
    or exists (select 1 from ${groupMemberships} where ${groupMemberships.studyGroupId} = ${groupId}
      and ${groupMemberships.userId} = ${userId} and ${currentMembershipSql}))`;
}

/** Current members of one group (the owner not counted). */
export async function countCurrentMembers(db: Tx, groupId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.studyGroupId, groupId), currentMembershipSql));
  return row?.n ?? 0;
}
