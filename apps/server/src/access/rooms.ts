import { ROOM_ERROR_CODES, ROOM_MESSAGES, type RoomKind } from '@estudai/contract';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { groupMemberships, groupTeachers, roomInvites, studyGroups } from '../db/schema/index.ts';
import { AppError, badRequest, forbidden, notFound } from '../lib/errors.ts';
import { rowsOf } from '../lib/sql-rows.ts';
import { currentMembershipSql } from './groups.ts';

// Study rooms (issue 39): who may see and join a room, whom a private room's owner may invite, how a
// person appears in a room, who may share a friend streak and whose week counts in someone's league.
// Each rule is a pure function over facts; the queries below load the facts.
// Can an adult stranger reach a minor here? In a public room they see the minor's first name, avatar
// and subject only (no goal, no text); they cannot invite a minor to a private room (only the minor's
// group teachers can); they cannot start a friend streak without mutual follows; a minor is in a
// league only among mutual followers and their groups' opted-in members.

type Refusal = { status: 400 | 403 | 404 | 409; message: string; code?: string };
const refuse = (r: Refusal): AppError =>
  r.status === 403
    ? forbidden(r.message, r.code)
    : r.status === 404
      ? notFound(r.message)
      : r.status === 400
        ? badRequest(r.message, r.code)
        : new AppError(409, r.code ?? 'CONFLICT', r.message);

/** Throws the refusal a rule answered, if any. */
export function throwRefusal(refusal: Refusal | null): void {
  if (refusal) throw refuse(refusal);
}

export interface RoomFacts {
  kind: RoomKind;
  isOwner: boolean;
  /** Owner, co-teacher or current member of the room's group. */
  groupAccess: boolean;
  /** An invitation to this private room that has not expired. */
  invited: boolean;
  /** Already in the room (an invitation may have expired since). */
  present: boolean;
}

/**
 * Seeing and joining a room, as a table: public rooms are everyone's; a group's room its members'
 * (403 'só para os membros', the group's card is public); a private room its owner's and invitees'
 * — seeing it without an invitation is a 404 (it is private), joining it a 403.
 */
export function roomRefusal(facts: RoomFacts, action: 'view' | 'join'): Refusal | null {
  switch (facts.kind) {
    case 'public':
      return null;
    case 'group':
      return facts.groupAccess
        ? null
        : { status: 403, message: ROOM_MESSAGES.groupMembersOnly, code: ROOM_ERROR_CODES.membersOnly };
    case 'private':
      if (facts.isOwner || facts.invited || facts.present) return null;
      return action === 'view'
        ? { status: 404, message: ROOM_MESSAGES.notFound }
        : { status: 403, message: ROOM_MESSAGES.privateInviteOnly, code: ROOM_ERROR_CODES.inviteOnly };
  }
}

export interface RoomInviteFacts {
  kind: RoomKind;
  inviterIsOwner: boolean;
  self: boolean;
  /** A block between them, either way: the invitee is 'not found'. */
  blocked: boolean;
  mutualFollowers: boolean;
  inviteeIsMinor: boolean;
  inviterIsMinor: boolean;
  /** The inviter owns or co-teaches a group the invitee is a current member of. */
  inviterTeachesInvitee: boolean;
}

/**
 * Inviting someone to a private room, as a table: the owner only, mutual followers only; a minor
 * only by another minor who follows each other, or by a teacher of one of the minor's groups (who
 * needs no mutual follow: the class is the relation).
 */
export function roomInviteRefusal(facts: RoomInviteFacts): Refusal | null {
  if (facts.kind !== 'private') return { status: 400, message: ROOM_MESSAGES.inviteOnlyPrivate };
  if (!facts.inviterIsOwner) return { status: 403, message: ROOM_MESSAGES.inviteOwnerOnly };
  if (facts.self) return { status: 400, message: ROOM_MESSAGES.inviteSelf };
  if (facts.blocked) return { status: 404, message: ROOM_MESSAGES.userNotFound };
  if (facts.inviteeIsMinor && !facts.inviterIsMinor) {
    return facts.inviterTeachesInvitee
      ? null
      : { status: 403, message: ROOM_MESSAGES.inviteMinorForbidden, code: ROOM_ERROR_CODES.minorInvite };
  }
  if (facts.inviterTeachesInvitee) return null;
  if (!facts.mutualFollowers)
    return { status: 403, message: ROOM_MESSAGES.inviteMutualOnly, code: ROOM_ERROR_CODES.notMutual };
  return null;
}

/**
 * What a room shows of a person: in a public room a minor is a first name, an avatar and a subject
 * (the goal is free text: hidden); elsewhere the goal too. Someone studying invisibly is shown to
 * nobody but themselves.
 */
export function roomAppearance(facts: {
  kind: RoomKind;
  isMinor: boolean;
  invisible: boolean;
  isViewer: boolean;
}): 'hidden' | 'firstNameOnly' | 'full' {
  if (facts.invisible && !facts.isViewer) return 'hidden';
  if (facts.kind === 'public' && facts.isMinor && !facts.isViewer) return 'firstNameOnly';
  return 'full';
}

export interface FriendStreakFacts {
  self: boolean;
  blocked: boolean;
  mutualFollowers: boolean;
  /** A request or a streak already between them. */
  exists: boolean;
  /** Streaks and pending requests each of them has now. */
  requesterCount: number;
  addresseeCount: number;
  max: number;
}

/** Proposing a friend streak, as a table: mutual followers only (403), one per pair, at most `max` each (409). */
export function friendStreakRefusal(facts: FriendStreakFacts): Refusal | null {
  if (facts.self) return { status: 400, message: ROOM_MESSAGES.friendStreakSelf };
  if (facts.blocked) return { status: 404, message: ROOM_MESSAGES.userNotFound };
  if (!facts.mutualFollowers)
    return { status: 403, message: ROOM_MESSAGES.friendStreakMutualOnly, code: ROOM_ERROR_CODES.notMutual };
  if (facts.exists) return { status: 409, message: ROOM_MESSAGES.friendStreakExists };
  if (facts.requesterCount >= facts.max || facts.addresseeCount >= facts.max)
    return {
      status: 409,
      message: ROOM_MESSAGES.friendStreakLimit,
      code: ROOM_ERROR_CODES.friendStreakLimit,
    };
  return null;
}

export interface LeagueFacts {
  isSelf: boolean;
  blocked: boolean;
  viewerFollows: boolean;
  followsViewer: boolean;
  /** A current member (or the owner or a teacher) of a group the viewer is in, who opted in to leagues. */
  groupmateOptedIn: boolean;
  isMinor: boolean;
}

/**
 * Whose week counts in the viewer's 'Liga da semana', as a table: the viewer; the people they follow
 * (a minor only when the follow is mutual: never in a ranking of strangers); their groups' members
 * who opted in; nobody across a block.
 */
export function inLeagueOf(facts: LeagueFacts): boolean {
  if (facts.isSelf) return true;
  if (facts.blocked) return false;
  if (facts.groupmateOptedIn) return true;
  if (!facts.viewerFollows) return false;
  return !facts.isMinor || facts.followsViewer;
}

/** Whether an invitation of `userId` to the room is still valid at `now`. */
export async function hasRoomInvite(db: Tx, roomId: string, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: roomInvites.id })
    .from(roomInvites)
    .where(
      and(eq(roomInvites.roomId, roomId), eq(roomInvites.inviteeId, userId), gt(roomInvites.expiresAt, now)),
    )
    .limit(1);
  return Boolean(row);
}

/** The groups `userId` reads (owner, co-teacher or current member). */
export async function groupIdsOf(db: Tx, userId: string): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select ${studyGroups.id} as id from ${studyGroups} where ${studyGroups.ownerId} = ${userId}
    union select ${groupTeachers.studyGroupId} from ${groupTeachers} where ${groupTeachers.userId} = ${userId}
    union select ${groupMemberships.studyGroupId} from ${groupMemberships}
      where ${groupMemberships.userId} = ${userId} and ${currentMembershipSql}`);
  return rowsOf<{ id: string }>(rows).map((row) => row.id);
}

/** Whether `teacherId` owns or co-teaches a group `studentId` is a current member of. */
export async function teachesStudent(db: Tx, teacherId: string, studentId: string): Promise<boolean> {
  const groups = await db
    .select({ id: groupMemberships.studyGroupId })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.userId, studentId), currentMembershipSql));
  if (groups.length === 0) return false;
  const ids = groups.map((g) => g.id);
  const [owned] = await db
    .select({ id: studyGroups.id })
    .from(studyGroups)
    .where(and(inArray(studyGroups.id, ids), eq(studyGroups.ownerId, teacherId)))
    .limit(1);
  if (owned) return true;
  const [taught] = await db
    .select({ id: groupTeachers.studyGroupId })
    .from(groupTeachers)
    .where(and(inArray(groupTeachers.studyGroupId, ids), eq(groupTeachers.userId, teacherId)))
    .limit(1);
  return Boolean(taught);
}
