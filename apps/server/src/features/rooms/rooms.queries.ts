import { PUBLIC_ROOM_GOALS, STUDY_TIME_ZONE, SUBJECT_LABELS, SUBJECTS } from '@estudai/contract';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { currentMembershipSql } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { compiled, prepared } from '../../db/prepared.ts';
import {
  blocks,
  follows,
  friendStreaks,
  groupMemberships,
  groupTeachers,
  roomInvites,
  roomPresence,
  roomReactions,
  roomSettings,
  studyBlockHeartbeats,
  studyBlocks,
  studyGroups,
  studyRooms,
  users,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql-rows.ts';

// The SQL of study rooms, focus blocks, friend streaks and leagues (issue 39).

export type RoomRow = typeof studyRooms.$inferSelect;
/** Where a user is (a user is in one room at most). */
export type PresenceRow = typeof roomPresence.$inferSelect;
export type BlockRow = typeof studyBlocks.$inferSelect;
export type FriendStreakRow = typeof friendStreaks.$inferSelect;

/** The public rooms by goal and by subject, made once (their cycle 25/5 from the same instant). */
export async function ensurePublicRooms(db: Tx, now: Date): Promise<void> {
  const [first] = await db
    .select({ id: studyRooms.id })
    .from(studyRooms)
    .where(eq(studyRooms.slug, 'enem'))
    .limit(1);
  if (first) return;
  const epoch = new Date(Date.UTC(2026, 0, 5, 3)); // a Monday 00:00 in Brasília: cycles start on the hour
  const rows = [
    ...PUBLIC_ROOM_GOALS.map((goal) => ({ slug: goal.slug, name: goal.name })),
    ...SUBJECTS.map((subject) => ({ slug: `materia-${subject}`, name: SUBJECT_LABELS[subject] })),
  ].map((room, index) => ({
    ...room,
    kind: 'public' as const,
    focusMinutes: 25,
    breakMinutes: 5,
    cycleStartedAt: epoch,
    createdAt: new Date(now.getTime() + index),
  }));
  await db.insert(studyRooms).values(rows).onConflictDoNothing();
}

/** A group's room, made the first time anyone asks for it. */
export async function ensureGroupRooms(db: Tx, groupIds: string[], now: Date): Promise<void> {
  if (groupIds.length === 0) return;
  const groups = await db
    .select({ id: studyGroups.id, name: studyGroups.name, createdAt: studyGroups.createdAt })
    .from(studyGroups)
    .where(inArray(studyGroups.id, groupIds));
  if (groups.length === 0) return;
  await db
    .insert(studyRooms)
    .values(
      groups.map((group) => ({
        kind: 'group' as const,
        name: group.name,
        studyGroupId: group.id,
        focusMinutes: 25,
        breakMinutes: 5,
        cycleStartedAt: now,
        createdAt: group.createdAt,
      })),
    )
    .onConflictDoNothing();
}

/** The room, and the user's presence in any room (undefined: in none), in one statement. */
export async function findRoomAndPresence(
  db: Tx,
  id: string,
  userId: string,
): Promise<{ room: RoomRow; presence: PresenceRow | undefined } | undefined> {
  const [row] = await db
    .select({ room: studyRooms, presence: roomPresence })
    .from(studyRooms)
    .leftJoin(roomPresence, eq(roomPresence.userId, userId))
    .where(eq(studyRooms.id, id))
    .limit(1);
  return row && { room: row.room, presence: row.presence ?? undefined };
}

export async function findGroupRoom(db: Tx, groupId: string): Promise<RoomRow | undefined> {
  const [room] = await db.select().from(studyRooms).where(eq(studyRooms.studyGroupId, groupId)).limit(1);
  return room;
}

export async function insertRoom(db: Tx, values: typeof studyRooms.$inferInsert): Promise<RoomRow> {
  const [room] = await db.insert(studyRooms).values(values).returning();
  if (!room) throw new Error('insertRoom inserted nothing');
  return room;
}

export async function setGroupLeague(db: Tx, roomId: string, enabled: boolean): Promise<void> {
  await db.update(studyRooms).set({ leagueEnabled: enabled }).where(eq(studyRooms.id, roomId));
}

/** Which rooms of a kind a list shows: all public ones, the viewer's groups', the viewer's private ones. */
export type RoomScope =
  | { kind: 'public' }
  | { kind: 'group'; groupIds: string[] }
  | { kind: 'private'; userId: string; now: Date };

/** SQL: private rooms the user owns, is invited to (still valid) or is in. */
function privateRoomsOf(userId: string, now: Date): SQL {
  return sql`(${studyRooms.ownerId} = ${userId}
    or exists (select 1 from ${roomInvites} where ${roomInvites.roomId} = ${studyRooms.id}
      and ${roomInvites.inviteeId} = ${userId} and ${roomInvites.expiresAt} > ${now.toISOString()}::timestamptz)
    or exists (select 1 from ${roomPresence} where ${roomPresence.roomId} = ${studyRooms.id} and ${roomPresence.userId} = ${userId}))`;
}

/** A page of the scope's rooms, oldest first, after the cursor. */
export async function listRooms(
  db: Tx,
  scope: RoomScope,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<RoomRow[]> {
  if (scope.kind === 'group' && scope.groupIds.length === 0) return [];
  const where =
    scope.kind === 'group'
      ? inArray(studyRooms.studyGroupId, scope.groupIds)
      : scope.kind === 'private'
        ? privateRoomsOf(scope.userId, scope.now)
        : undefined;
  return db
    .select()
    .from(studyRooms)
    .where(
      and(
        eq(studyRooms.kind, scope.kind),
        where,
        after
          ? or(
              gt(studyRooms.createdAt, after.createdAt),
              and(eq(studyRooms.createdAt, after.createdAt), gt(studyRooms.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(studyRooms.createdAt), asc(studyRooms.id))
    .limit(limit);
}

/** Visible people present (seen since `since`) per room. */
export async function presentCounts(db: Tx, roomIds: string[], since: Date): Promise<Map<string, number>> {
  if (roomIds.length === 0) return new Map();
  const rows = await db
    .select({ roomId: roomPresence.roomId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(roomPresence)
    .leftJoin(roomSettings, eq(roomSettings.userId, roomPresence.userId))
    .where(
      and(
        inArray(roomPresence.roomId, roomIds),
        gte(roomPresence.lastSeenAt, since),
        sql`coalesce(${roomSettings.invisible}, false) = false`,
      ),
    )
    .groupBy(roomPresence.roomId);
  return new Map(rows.map((row) => [row.roomId, row.n]));
}

/**
 * Everyone present in a room (seen since `since`), with what the room shows of them and their
 * verified minutes of `day` (a probe of each one's blocks in the same statement: a room of 1,000
 * would otherwise send their 1,000 ids back as parameters, bench:rooms), the earliest first; only
 * `userId`'s row when given.
 */
/** A person present in a room as `presentIn` reads them. */
export type PresentInRow = Awaited<ReturnType<typeof presentIn>>[number];

export async function presentIn(
  db: Tx,
  roomId: string,
  since: Date,
  day: { from: Date; to: Date },
  userId?: string,
) {
  return db
    .select({
      userId: roomPresence.userId,
      subject: roomPresence.subject,
      goal: roomPresence.goal,
      joinedAt: roomPresence.joinedAt,
      displayName: users.displayName,
      avatar: users.avatar,
      birthDate: users.birthDate,
      invisible: sql<boolean>`coalesce(${roomSettings.invisible}, false)`,
      minutesToday: sql<number>`(select coalesce(sum(b.verified_minutes), 0) from ${studyBlocks} b
        where b.user_id = ${roomPresence.userId}
          and b.started_at >= ${day.from.toISOString()}::timestamptz
          and b.started_at < ${day.to.toISOString()}::timestamptz)`.mapWith(Number),
    })
    .from(roomPresence)
    .innerJoin(users, eq(users.id, roomPresence.userId))
    .leftJoin(roomSettings, eq(roomSettings.userId, roomPresence.userId))
    .where(
      and(
        eq(roomPresence.roomId, roomId),
        gte(roomPresence.lastSeenAt, since),
        isNull(users.suspendedAt),
        userId ? eq(roomPresence.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(roomPresence.joinedAt));
}

/** Puts the user in the room (out of any other) and reads them back as `presentIn` would, in one statement. */
const joinPresenceStatement = compiled(() =>
  prepared(sql`with joined as (
      insert into ${roomPresence} (user_id, room_id, subject, goal, joined_at, last_seen_at)
      values (${sql.placeholder('userId')}::uuid, ${sql.placeholder('roomId')}::uuid, ${sql.placeholder('subject')}::text,
        ${sql.placeholder('goal')}::text, ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('now')}::timestamptz)
      on conflict (user_id) do update set room_id = excluded.room_id, subject = excluded.subject,
        goal = excluded.goal, joined_at = excluded.joined_at, last_seen_at = excluded.last_seen_at
      returning user_id, subject, goal, joined_at)
    select joined.user_id, joined.subject, joined.goal, joined.joined_at, u.display_name, u.avatar,
      u.birth_date::text as birth_date, coalesce(s.invisible, false) as invisible,
      (select coalesce(sum(b.verified_minutes), 0)::int from ${studyBlocks} b where b.user_id = joined.user_id
        and b.started_at >= ${sql.placeholder('dayFrom')}::timestamptz
        and b.started_at < ${sql.placeholder('dayTo')}::timestamptz) as minutes_today
    from joined join ${users} u on u.id = joined.user_id
    left join ${roomSettings} s on s.user_id = joined.user_id
    where u.suspended_at is null`),
);

/**
 * Puts the user in the room (out of any other), with a new subject and goal, and gives their row as
 * `presentIn(…, userId)` would (undefined for a suspended account): one round trip a join.
 */
export async function joinPresence(
  db: Tx,
  values: { userId: string; roomId: string; subject: string | null; goal: string | null; now: Date },
  day: { from: Date; to: Date },
) {
  const [row] = rowsOf<{
    user_id: string;
    subject: string | null;
    goal: string | null;
    joined_at: string | Date;
    display_name: string;
    avatar: string | null;
    birth_date: string | null;
    invisible: boolean;
    minutes_today: number;
  }>(
    await joinPresenceStatement(db, {
      ...values,
      now: values.now.toISOString(),
      dayFrom: day.from.toISOString(),
      dayTo: day.to.toISOString(),
    }),
  );
  return (
    row && {
      userId: row.user_id,
      subject: row.subject,
      goal: row.goal,
      joinedAt: new Date(row.joined_at),
      displayName: row.display_name,
      avatar: row.avatar,
      birthDate: row.birth_date,
      invisible: row.invisible,
      minutesToday: Number(row.minutes_today),
    }
  );
}

export async function deletePresence(db: Tx, userId: string, roomId: string): Promise<boolean> {
  const rows = await db
    .delete(roomPresence)
    .where(and(eq(roomPresence.userId, userId), eq(roomPresence.roomId, roomId)))
    .returning({ userId: roomPresence.userId });
  return rows.length > 0;
}

/** The user is still there: their presence in `roomId` (any room without it) is fresh again. */
export async function touchPresence(db: Tx, userId: string, now: Date, roomId?: string): Promise<boolean> {
  const rows = await db
    .update(roomPresence)
    .set({ lastSeenAt: now })
    .where(and(eq(roomPresence.userId, userId), roomId ? eq(roomPresence.roomId, roomId) : undefined))
    .returning({ userId: roomPresence.userId });
  return rows.length > 0;
}

export async function upsertInvite(
  db: Tx,
  values: { roomId: string; inviterId: string; inviteeId: string; expiresAt: Date; now: Date },
) {
  const [row] = await db
    .insert(roomInvites)
    .values({ ...values, createdAt: values.now })
    .onConflictDoUpdate({
      target: [roomInvites.roomId, roomInvites.inviteeId],
      set: { expiresAt: values.expiresAt, inviterId: values.inviterId, createdAt: values.now },
    })
    .returning();
  if (!row) throw new Error('upsertInvite wrote nothing');
  return row;
}

export async function insertReaction(
  db: Tx,
  values: {
    roomId: string;
    userId: string;
    reaction: (typeof roomReactions.$inferInsert)['reaction'];
    now: Date;
  },
) {
  await db.insert(roomReactions).values({ ...values, createdAt: values.now });
}

export type ReactionRow = Awaited<ReturnType<typeof recentReactions>>[number];

export async function recentReactions(db: Tx, roomId: string, since: Date, limit = 20) {
  return db
    .select({
      userId: roomReactions.userId,
      reaction: roomReactions.reaction,
      at: roomReactions.createdAt,
      displayName: users.displayName,
      invisible: sql<boolean>`coalesce(${roomSettings.invisible}, false)`,
    })
    .from(roomReactions)
    .innerJoin(users, eq(users.id, roomReactions.userId))
    .leftJoin(roomSettings, eq(roomSettings.userId, roomReactions.userId))
    .where(and(eq(roomReactions.roomId, roomId), gte(roomReactions.createdAt, since)))
    .orderBy(desc(roomReactions.createdAt))
    .limit(limit);
}

export async function findSettings(db: Tx, userId: string) {
  const [row] = await db.select().from(roomSettings).where(eq(roomSettings.userId, userId)).limit(1);
  return { invisible: row?.invisible ?? false, leagueOptIn: row?.leagueOptIn ?? false };
}

export async function upsertSettings(
  db: Tx,
  userId: string,
  values: { invisible: boolean; leagueOptIn: boolean },
) {
  await db
    .insert(roomSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: roomSettings.userId, set: values });
}

// Focus blocks

export async function insertBlock(
  db: Tx,
  values: { userId: string; roomId: string | null; subject: string | null; now: Date },
) {
  const [row] = await db
    .insert(studyBlocks)
    .values({
      userId: values.userId,
      roomId: values.roomId,
      subject: values.subject,
      startedAt: values.now,
      lastSignAt: values.now,
    })
    .returning();
  if (!row) throw new Error('insertBlock inserted nothing');
  return row;
}

export async function findBlock(db: Tx, id: string, lock = false): Promise<BlockRow | undefined> {
  const query = db.select().from(studyBlocks).where(eq(studyBlocks.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function openBlocksOf(db: Tx, userId: string): Promise<BlockRow[]> {
  return db
    .select()
    .from(studyBlocks)
    .where(and(eq(studyBlocks.userId, userId), isNull(studyBlocks.endedAt)));
}

export async function insertHeartbeat(db: Tx, blockId: string, at: Date, visible: boolean): Promise<void> {
  await db.insert(studyBlockHeartbeats).values({ blockId, at, visible }).onConflictDoNothing();
}

export async function heartbeatsOf(db: Tx, blockId: string) {
  return db
    .select({ at: studyBlockHeartbeats.at, visible: studyBlockHeartbeats.visible })
    .from(studyBlockHeartbeats)
    .where(eq(studyBlockHeartbeats.blockId, blockId))
    .orderBy(asc(studyBlockHeartbeats.at));
}

export async function updateBlock(
  db: Tx,
  id: string,
  values: Partial<Pick<BlockRow, 'lastSignAt' | 'endedAt' | 'verifiedMinutes'>>,
): Promise<void> {
  await db.update(studyBlocks).set(values).where(eq(studyBlocks.id, id));
}

/** Verified minutes per person of the blocks started in [from, to). */
export async function verifiedMinutesBetween(
  db: Tx,
  userIds: string[],
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: studyBlocks.userId,
      minutes: sql<number>`sum(${studyBlocks.verifiedMinutes})`.mapWith(Number),
    })
    .from(studyBlocks)
    .where(
      and(
        inArray(studyBlocks.userId, userIds),
        gte(studyBlocks.startedAt, from),
        lt(studyBlocks.startedAt, to),
      ),
    )
    .groupBy(studyBlocks.userId);
  return new Map(rows.map((row) => [row.userId, row.minutes]));
}

/** Verified minutes per Brasília day (of the block's start) since `since`. */
export async function verifiedMinutesByDay(
  db: Tx,
  userId: string,
  since: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      day: sql<string>`((${studyBlocks.startedAt} at time zone ${STUDY_TIME_ZONE})::date)::text`,
      minutes: sql<number>`sum(${studyBlocks.verifiedMinutes})`.mapWith(Number),
    })
    .from(studyBlocks)
    .where(and(eq(studyBlocks.userId, userId), gte(studyBlocks.startedAt, since)))
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, row.minutes]));
}

/** The user's verified minutes between two instants by the subject each block was for, most first. */
export function verifiedMinutesBySubject(db: Tx, userId: string, from: Date, to: Date) {
  const minutes = sql<number>`sum(${studyBlocks.verifiedMinutes})`.mapWith(Number);
  return db
    .select({ subject: studyBlocks.subject, minutes })
    .from(studyBlocks)
    .where(
      and(eq(studyBlocks.userId, userId), gte(studyBlocks.startedAt, from), lt(studyBlocks.startedAt, to)),
    )
    .groupBy(studyBlocks.subject)
    .having(sql`sum(${studyBlocks.verifiedMinutes}) > 0`)
    .orderBy(sql`2 desc`, sql`1 nulls last`);
}

// People

export async function peopleByIds(db: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      avatar: users.avatar,
      birthDate: users.birthDate,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Whom `userId` follows and who follows them. */
export async function followsAround(db: Tx, userId: string) {
  const rows = await db
    .select({ followerId: follows.followerId, followingId: follows.followingId })
    .from(follows)
    .where(or(eq(follows.followerId, userId), eq(follows.followingId, userId)));
  return {
    following: new Set(rows.filter((r) => r.followerId === userId).map((r) => r.followingId)),
    followers: new Set(rows.filter((r) => r.followingId === userId).map((r) => r.followerId)),
  };
}

/** The people `userId` blocked or who blocked them. */
export async function blockedAround(db: Tx, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  return new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)));
}

/** Owners, co-teachers and current members of these groups who opted in to leagues. */
export async function optedInPeopleOf(db: Tx, groupIds: string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const ids = sql.join(
    groupIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await db.execute<{ id: string }>(sql`
    select people.id from (
      select ${studyGroups.ownerId} as id from ${studyGroups} where ${studyGroups.id} in (${ids})
      union select ${groupTeachers.userId} from ${groupTeachers} where ${groupTeachers.studyGroupId} in (${ids})
      union select ${groupMemberships.userId} from ${groupMemberships}
        where ${groupMemberships.studyGroupId} in (${ids}) and ${currentMembershipSql}
    ) as people
    join ${roomSettings} on ${roomSettings.userId} = people.id and ${roomSettings.leagueOptIn}`);
  return rowsOf<{ id: string }>(rows).map((row) => row.id);
}

// Friend streaks

export async function friendStreaksOf(db: Tx, userId: string): Promise<FriendStreakRow[]> {
  return db
    .select()
    .from(friendStreaks)
    .where(or(eq(friendStreaks.requesterId, userId), eq(friendStreaks.addresseeId, userId)))
    .orderBy(asc(friendStreaks.createdAt));
}

export async function countFriendStreaks(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(friendStreaks)
    .where(or(eq(friendStreaks.requesterId, userId), eq(friendStreaks.addresseeId, userId)));
  return row?.n ?? 0;
}

export async function findFriendStreakByPair(db: Tx, pairKey: string) {
  const [row] = await db.select().from(friendStreaks).where(eq(friendStreaks.pairKey, pairKey)).limit(1);
  return row;
}

export async function findFriendStreak(db: Tx, id: string) {
  const [row] = await db.select().from(friendStreaks).where(eq(friendStreaks.id, id)).limit(1);
  return row;
}

export async function insertFriendStreak(
  db: Tx,
  values: typeof friendStreaks.$inferInsert,
): Promise<FriendStreakRow> {
  const [row] = await db.insert(friendStreaks).values(values).returning();
  if (!row) throw new Error('insertFriendStreak inserted nothing');
  return row;
}

export async function acceptFriendStreak(db: Tx, id: string, now: Date): Promise<void> {
  await db.update(friendStreaks).set({ status: 'active', acceptedAt: now }).where(eq(friendStreaks.id, id));
}

/** A socket's user, as the session would give it. */
export async function findUserRow(db: Tx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Everyone with verified minutes in blocks started in [from, to), not suspended. */
export async function peopleWhoStudiedBetween(db: Tx, from: Date, to: Date) {
  return db
    .selectDistinct({ id: users.id, birthDate: users.birthDate })
    .from(studyBlocks)
    .innerJoin(users, eq(users.id, studyBlocks.userId))
    .where(
      and(
        gte(studyBlocks.startedAt, from),
        lt(studyBlocks.startedAt, to),
        gt(studyBlocks.verifiedMinutes, 0),
        isNull(users.suspendedAt),
      ),
    );
}
