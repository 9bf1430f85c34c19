import {
  addDays,
  brasiliaWeekStart,
  FRIEND_STREAKS_MAX,
  type FriendStreak,
  GROUP_MESSAGES,
  type League,
  ROOM_MESSAGES,
  type StudyStatsDetail,
  type Subject,
  weekdayOf,
} from '@estudai/contract';
import {
  areMutualFollowers,
  blockBetween,
  findVisibleUser,
  friendStreakRefusal,
  groupAccess,
  groupIdsOf,
  inLeagueOf,
  throwRefusal,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ageBand, isMinorBand, isQuietForMinor } from '../../lib/ages.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { nextDay, studyDay, studyDayStart } from '../../lib/study-days.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { activityByDay, getStudyStatsDetail } from '../study/index.ts';
import { toPeer } from './rooms.present.ts';
import {
  acceptFriendStreak,
  blockedAround,
  countFriendStreaks,
  ensureGroupRooms,
  findFriendStreak,
  findFriendStreakByPair,
  findGroupRoom,
  followsAround,
  friendStreaksOf,
  insertFriendStreak,
  optedInPeopleOf,
  peopleByIds,
  peopleWhoStudiedBetween,
  verifiedMinutesBetween,
  verifiedMinutesByDay,
  verifiedMinutesBySubject,
} from './rooms.queries.ts';
import { type DayActivity, sharedStreak, streakAt } from './streaks.ts';

// Verified minutes on the profile, the 'ofensiva', friend streaks and the weekly leagues (issue 39).

/** How far back a streak is looked for. */
const STREAK_LOOKBACK_DAYS = 400;

/** Each Brasília day's verified minutes and answers plus reviews, since `lookback` days before today. */
async function daysOf(db: Tx, userId: string, today: string, lookback = STREAK_LOOKBACK_DAYS) {
  const since = studyDayStart(addDays(today, -lookback));
  const [minutes, activity] = await Promise.all([
    verifiedMinutesByDay(db, userId, since),
    activityByDay(db, userId, since),
  ]);
  const byDay = new Map<string, DayActivity>();
  for (const [day, value] of minutes) byDay.set(day, { verifiedMinutes: value, activities: 0 });
  for (const row of activity) {
    const entry = byDay.get(row.day) ?? { verifiedMinutes: 0, activities: 0 };
    entry.activities += Number(row.answers) + Number(row.reviews);
    byDay.set(row.day, entry);
  }
  return byDay;
}

/** The Brasília week of `now`: Monday 00:00 to the next Monday 00:00. */
function weekOf(now: Date) {
  const weekStart = brasiliaWeekStart(now);
  return { weekStart, from: studyDayStart(weekStart), to: studyDayStart(addDays(weekStart, 7)) };
}

/** `GET /api/users/{id}/study-stats`: the study feature's figures plus verified minutes and the streak. */
export async function getStudyStatsWithVerified(
  ctx: AppContext,
  viewer: SessionUser,
  id: string,
): Promise<StudyStatsDetail> {
  const { db } = ctx.database;
  const now = ctx.clock();
  const { userId, ...base } = await getStudyStatsDetail(ctx, viewer, id, now);
  const today = studyDay(now);
  const week = weekOf(now);
  const [todayMinutes, weekBySubject, byDay] = await Promise.all([
    verifiedMinutesBetween(db, [userId], studyDayStart(today), studyDayStart(nextDay(today))),
    verifiedMinutesBySubject(db, userId, week.from, week.to),
    daysOf(db, userId, today),
  ]);
  return {
    ...base,
    calendar: base.calendar.map((day) => ({
      ...day,
      verifiedMinutes: byDay.get(day.day)?.verifiedMinutes ?? 0,
    })),
    verifiedMinutesToday: todayMinutes.get(userId) ?? 0,
    verifiedMinutesWeek: weekBySubject.reduce((sum, row) => sum + row.minutes, 0),
    verifiedMinutesWeekBySubject: weekBySubject.map((row) => ({
      subject: row.subject as Subject | null,
      minutes: row.minutes,
    })),
    streak: streakAt(byDay, today, STREAK_LOOKBACK_DAYS),
  };
}

/** The pair's key whichever of them asks. */
const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** `POST /api/friend-streaks {userId}`: a pending friend streak with a mutual follower. */
export async function proposeFriendStreak(ctx: AppContext, viewer: SessionUser, userId: string) {
  const { db } = ctx.database;
  const other = await findVisibleUser(db, viewer, userId).catch(() => {
    throw notFound(ROOM_MESSAGES.userNotFound);
  });
  return db.transaction(async (tx) => {
    const block = await blockBetween(tx, viewer.id, other.id);
    const self = other.id === viewer.id;
    throwRefusal(
      friendStreakRefusal({
        self,
        blocked: block.viewerBlocked || block.blockedViewer,
        mutualFollowers: !self && (await areMutualFollowers(tx, viewer.id, other.id)),
        exists: Boolean(await findFriendStreakByPair(tx, pairKey(viewer.id, other.id))),
        requesterCount: await countFriendStreaks(tx, viewer.id),
        addresseeCount: await countFriendStreaks(tx, other.id),
        max: FRIEND_STREAKS_MAX,
      }),
    );
    const row = await insertFriendStreak(tx, {
      requesterId: viewer.id,
      addresseeId: other.id,
      pairKey: pairKey(viewer.id, other.id),
      status: 'pending',
      createdAt: ctx.clock(),
    }).catch((error: unknown) => {
      // Both asked each other at the same instant: the pair's unique key keeps one.
      if (
        String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) ===
        '23505'
      )
        throw conflict(ROOM_MESSAGES.friendStreakExists);
      throw error;
    });
    return { id: row.id, status: row.status };
  });
}

/** `POST /api/friend-streaks/{id}/accept`: the invited person accepts; the streak counts from today. */
export async function acceptFriendStreakRequest(ctx: AppContext, viewer: SessionUser, id: string) {
  const { db } = ctx.database;
  const row = isUuid(id) ? await findFriendStreak(db, id) : undefined;
  if (!row || (row.requesterId !== viewer.id && row.addresseeId !== viewer.id))
    throw notFound(ROOM_MESSAGES.friendStreakNotFound);
  if (row.addresseeId !== viewer.id) throw forbidden(ROOM_MESSAGES.friendStreakNotYours);
  if (row.status === 'active') throw conflict(ROOM_MESSAGES.friendStreakExists);
  await acceptFriendStreak(db, row.id, ctx.clock());
  return { id: row.id, status: 'active' as const };
}

/** `GET /api/friend-streaks`: the viewer's friend streaks and requests, with their days. */
export async function listFriendStreaks(ctx: AppContext, viewer: SessionUser): Promise<FriendStreak[]> {
  const { db } = ctx.database;
  const now = ctx.clock();
  const today = studyDay(now);
  const rows = await friendStreaksOf(db, viewer.id);
  const others = rows.map((row) => (row.requesterId === viewer.id ? row.addresseeId : row.requesterId));
  const people = new Map((await peopleByIds(db, others)).map((person) => [person.id, person]));
  const mine = rows.some((row) => row.status === 'active')
    ? await daysOf(db, viewer.id, today, 120)
    : new Map();
  const list: FriendStreak[] = [];
  for (const [index, row] of rows.entries()) {
    const person = people.get(others[index] ?? '');
    if (!person || person.suspendedAt) continue;
    const days =
      row.status === 'active' && row.acceptedAt
        ? sharedStreak([mine, await daysOf(db, person.id, today, 120)], today, studyDay(row.acceptedAt))
        : 0;
    list.push({
      id: row.id,
      user: toPeer(person),
      days,
      status: row.status,
      incoming: row.status === 'pending' && row.addresseeId === viewer.id,
    });
  }
  return list;
}

/** Ranks by verified minutes, most first; equal minutes share a rank. */
function ranked(
  people: { id: string; displayName: string; username: string; avatar: string | null }[],
  minutes: Map<string, number>,
): League['data'] {
  const rows = people
    .map((person) => ({ user: toPeer(person), verifiedMinutes: minutes.get(person.id) ?? 0 }))
    .sort(
      (a, b) =>
        b.verifiedMinutes - a.verifiedMinutes ||
        a.user.displayName.localeCompare(b.user.displayName, 'pt-BR'),
    );
  return rows.map((row) => ({
    ...row,
    rank: 1 + rows.filter((other) => other.verifiedMinutes > row.verifiedMinutes).length,
  }));
}

/**
 * `GET /api/leagues/week`: the viewer against the people they follow and their groups' members who
 * opted in, by verified minutes from Monday 00:00 Brasília (access/rooms.ts `inLeagueOf`).
 */
export function personalLeague(ctx: AppContext, viewer: { id: string }): Promise<League> {
  return leagueOfWeek(ctx, viewer, weekOf(ctx.clock()));
}

async function leagueOfWeek(
  ctx: AppContext,
  viewer: { id: string },
  week: { weekStart: string; from: Date; to: Date },
): Promise<League> {
  const { db } = ctx.database;
  const now = ctx.clock();
  const [{ following, followers }, blocked, groupIds] = await Promise.all([
    followsAround(db, viewer.id),
    blockedAround(db, viewer.id),
    groupIdsOf(db, viewer.id),
  ]);
  const groupmates = new Set(await optedInPeopleOf(db, groupIds));
  const candidates = [...new Set([viewer.id, ...following, ...groupmates])];
  const people = (await peopleByIds(db, candidates)).filter(
    (person) =>
      !person.suspendedAt &&
      inLeagueOf({
        isSelf: person.id === viewer.id,
        blocked: blocked.has(person.id),
        viewerFollows: following.has(person.id),
        followsViewer: followers.has(person.id),
        groupmateOptedIn: groupmates.has(person.id),
        isMinor: isMinorBand(ageBand(person.birthDate, now)),
      }),
  );
  const minutes = await verifiedMinutesBetween(
    db,
    people.map((person) => person.id),
    week.from,
    week.to,
  );
  return { weekStart: week.weekStart, data: ranked(people, minutes) };
}

/** `GET /api/study-groups/{id}/league/week`: the group's members who opted in, for its members only. */
export async function groupLeague(ctx: AppContext, viewer: SessionUser, groupId: string): Promise<League> {
  const { db } = ctx.database;
  const now = ctx.clock();
  const access = await groupAccess(db, groupId, viewer.id, now);
  if (!access.canAccess) throw forbidden(GROUP_MESSAGES.membersOnly);
  await ensureGroupRooms(db, [groupId], now);
  const room = await findGroupRoom(db, groupId);
  if (room && !room.leagueEnabled) throw forbidden(ROOM_MESSAGES.leagueOff);
  const week = weekOf(now);
  const blocked = await blockedAround(db, viewer.id);
  const ids = [...new Set([viewer.id, ...(await optedInPeopleOf(db, [groupId]))])].filter(
    (id) => !blocked.has(id),
  );
  const people = (await peopleByIds(db, ids)).filter((person) => !person.suspendedAt);
  const minutes = await verifiedMinutesBetween(
    db,
    people.map((person) => person.id),
    week.from,
    week.to,
  );
  return { weekStart: week.weekStart, data: ranked(people, minutes) };
}

/**
 * Monday's celebration of the week that ended (issue 39): for each person who studied in it, the top
 * three of their own league (among at least two who studied). Nothing outside Monday, and nothing
 * to a minor in the quiet hours (22:00–07:00 Brasília): the pass runs again later that Monday.
 */
export async function weekLeaguesToCelebrate(ctx: AppContext, now: Date = ctx.clock()) {
  const today = studyDay(now);
  if (weekdayOf(today) !== 1) return [];
  const weekStart = addDays(brasiliaWeekStart(now), -7);
  const week = { weekStart, from: studyDayStart(weekStart), to: studyDayStart(addDays(weekStart, 7)) };
  const owed: { userId: string; weekStart: string; top: League['data'] }[] = [];
  for (const person of await peopleWhoStudiedBetween(ctx.database.db, week.from, week.to)) {
    if (isQuietForMinor(person.birthDate, now)) continue;
    const studied = (await leagueOfWeek(ctx, person, week)).data.filter((row) => row.verifiedMinutes > 0);
    if (studied.length >= 2) owed.push({ userId: person.id, weekStart, top: studied.slice(0, 3) });
  }
  return owed;
}
