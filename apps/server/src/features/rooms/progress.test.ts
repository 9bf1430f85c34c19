import { GROUP_MESSAGES, ROOM_MESSAGES, studyStatsDetailSchema } from '@estudai/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, oneAppPerDescribe, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createMinor, createPost, createUser } from '../../../test/factories.ts';
import {
  follows,
  friendStreaks,
  postAnswers,
  reviewLogs,
  studyBlockHeartbeats,
  studyBlocks,
} from '../../db/schema/index.ts';

// Focus blocks and verified minutes, the profile's figures, the 'ofensiva' with its weekly freeze,
// friend streaks and the weekly leagues (issue 39), on a fake clock.

let t: TestApp;
let now = new Date('2026-03-10T15:00:00.000Z');
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const SEC = 1_000;
const MIN = 60_000;
/** An instant on a Brasília clock. */
const br = (local: string) => new Date(`${local}-03:00`);
oneAppPerDescribe(
  () => buildTestApp({}, { clock }),
  (built) => {
    t = built;
  },
);
type Caller = Awaited<ReturnType<typeof as>>;

const mutual = async (a: { id: string }, b: { id: string }) => {
  await t.app.ctx.database.db.insert(follows).values([
    { followerId: a.id, followingId: b.id },
    { followerId: b.id, followingId: a.id },
  ]);
};
/** A finished block of `minutes` verified minutes starting at `at`. */
const block = async (userId: string, at: Date, minutes: number, subject?: string) => {
  await t.app.ctx.database.db.insert(studyBlocks).values({
    userId,
    subject,
    startedAt: at,
    lastSignAt: new Date(at.getTime() + minutes * MIN),
    endedAt: new Date(at.getTime() + minutes * MIN),
    verifiedMinutes: minutes,
  });
};
/** `count` heartbeats 30 s apart, the clock moving with them. */
const beats = async (caller: Caller, id: string, count: number, visible: boolean) => {
  for (let i = 0; i < count; i++) {
    advance(30 * SEC);
    const res = await caller.post(`/api/study-blocks/${id}/heartbeat`, { visible });
    expect(res.statusCode).toBe(200);
  }
};
const stats = async (caller: Caller, id = 'me') =>
  studyStatsDetailSchema.parse((await caller.get(`/api/users/${id}/study-stats`)).json().data);

describe('focus blocks', () => {
  it('counts the minutes covered by visible heartbeats, and none of a hidden tab or a gap', async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const ana = await as(t.app, await createUser(t.app));
    const started = await ana.post('/api/study-blocks', { subject: 'fisica' });
    expect(started.statusCode).toBe(201);
    const { id, startedAt } = started.json().data;
    expect(startedAt).toBe('2026-03-10T15:00:00.000Z');
    await beats(ana, id, 10, true); // 5 visible minutes
    await beats(ana, id, 6, false); // 3 minutes with the tab hidden
    advance(2 * MIN); // 2 minutes without any heartbeat (the phone slept)
    const last = await beats(ana, id, 4, true); // 2 visible minutes
    void last;
    const end = await ana.post(`/api/study-blocks/${id}/end`);
    expect(end.statusCode).toBe(200);
    // 12 minutes long: 5 + 2 visible; the first beat after the gap vouches for at most 40 s.
    expect(end.json().data).toEqual({ verifiedMinutes: 7 });
    expect((await stats(ana)).verifiedMinutesToday).toBe(7);
  });

  it('counts a minute with an answer or a review in it, without heartbeats', async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const user = await createUser(t.app);
    const ana = await as(t.app, user);
    const { id } = (await ana.post('/api/study-blocks', {})).json().data;
    const author = await createUser(t.app, { userType: 'professor' });
    const post = await createPost(t.app, author, { type: 'question' });
    const { db } = t.app.ctx.database;
    await db.insert(postAnswers).values({
      postId: post.id,
      userId: user.id,
      optionIndex: 0,
      isCorrect: true,
      createdAt: new Date(now.getTime() + 2 * MIN + 10 * SEC),
    });
    await db.insert(reviewLogs).values({
      userId: user.id,
      clientId: crypto.randomUUID(),
      rating: 3,
      reviewedAt: new Date(now.getTime() + 5 * MIN + 40 * SEC),
    });
    advance(10 * MIN);
    expect((await ana.post(`/api/study-blocks/${id}/end`)).json().data).toEqual({ verifiedMinutes: 2 });
  });

  it('refuses a heartbeat for a block that ended or stopped, from the future or before the block, or of someone else', async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const ana = await as(t.app, await createUser(t.app));
    const bruno = await as(t.app, await createUser(t.app));
    const { id } = (await ana.post('/api/study-blocks', {})).json().data;
    const future = await ana.post(`/api/study-blocks/${id}/heartbeat`, {
      visible: true,
      at: new Date(now.getTime() + 60 * SEC).toISOString(),
    });
    expect([future.statusCode, future.json().error]).toEqual([400, ROOM_MESSAGES.heartbeatFromFuture]);
    const before = await ana.post(`/api/study-blocks/${id}/heartbeat`, {
      visible: true,
      at: new Date(now.getTime() - 60 * SEC).toISOString(),
    });
    expect([before.statusCode, before.json().error]).toEqual([400, ROOM_MESSAGES.heartbeatBeforeStart]);
    const noVisible = await ana.post(`/api/study-blocks/${id}/heartbeat`, {});
    expect([noVisible.statusCode, noVisible.json().error]).toEqual([400, ROOM_MESSAGES.visibleRequired]);
    const foreign = await bruno.post(`/api/study-blocks/${id}/heartbeat`, { visible: true });
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, ROOM_MESSAGES.blockNotFound]);
    expect(await t.app.ctx.database.db.select().from(studyBlockHeartbeats)).toEqual([]);
    // Eleven minutes without a sign: the block stopped (a closed tab).
    advance(11 * MIN);
    const stale = await ana.post(`/api/study-blocks/${id}/heartbeat`, { visible: true });
    expect([stale.statusCode, stale.json().error]).toEqual([409, ROOM_MESSAGES.blockNotRunning]);
    expect((await ana.post(`/api/study-blocks/${id}/end`)).json().data).toEqual({ verifiedMinutes: 0 });
    const ended = await ana.post(`/api/study-blocks/${id}/end`);
    expect([ended.statusCode, ended.json().error]).toEqual([409, ROOM_MESSAGES.blockNotRunning]);
    // A new block ends the running one.
    const first = (await ana.post('/api/study-blocks', {})).json().data;
    await beats(ana, first.id, 4, true);
    await ana.post('/api/study-blocks', {});
    const afterEnd = await ana.post(`/api/study-blocks/${first.id}/heartbeat`, { visible: true });
    expect(afterEnd.statusCode).toBe(409);
    const [row] = await t.app.ctx.database.db
      .select()
      .from(studyBlocks)
      .where((await import('drizzle-orm')).eq(studyBlocks.id, first.id));
    expect(row?.verifiedMinutes).toBe(2);
  });
});

describe('verified minutes on the profile and the streak', () => {
  it("splits today and the week at Brasília's midnight and Monday 00:00", async () => {
    const user = await createUser(t.app);
    const ana = await as(t.app, user);
    // Sunday 23:50 in Brasília (Monday 02:50 UTC) is Sunday's, and last week's.
    await block(user.id, br('2026-03-15T23:50:00'), 30);
    await block(user.id, br('2026-03-16T08:00:00'), 20);
    now = br('2026-03-16T09:00:00');
    let figures = await stats(ana);
    expect([figures.verifiedMinutesToday, figures.verifiedMinutesWeek]).toEqual([20, 20]);
    now = br('2026-03-15T23:59:00');
    figures = await stats(ana);
    expect([figures.verifiedMinutesToday, figures.verifiedMinutesWeek]).toEqual([30, 30]);
    now = br('2026-03-17T00:00:00');
    figures = await stats(ana);
    expect([figures.verifiedMinutesToday, figures.verifiedMinutesWeek]).toEqual([0, 20]);
  });

  it("gives the week's minutes by subject and each calendar day's verified minutes", async () => {
    const user = await createUser(t.app);
    const ana = await as(t.app, user);
    await block(user.id, br('2026-03-15T20:00:00'), 40, 'fisica'); // last week: left out
    await block(user.id, br('2026-03-16T08:00:00'), 20, 'matematica');
    await block(user.id, br('2026-03-17T08:00:00'), 15);
    await block(user.id, br('2026-03-17T10:00:00'), 30, 'matematica');
    await block(user.id, br('2026-03-18T10:00:00'), 25, 'fisica');
    now = br('2026-03-18T12:00:00');
    const figures = await stats(ana);
    expect(figures.verifiedMinutesWeekBySubject).toEqual([
      { subject: 'matematica', minutes: 50 },
      { subject: 'fisica', minutes: 25 },
      { subject: null, minutes: 15 },
    ]);
    expect(figures.verifiedMinutesWeek).toBe(90);
    const byDay = new Map(figures.calendar.map((day) => [day.day, day.verifiedMinutes]));
    expect([
      ...['2026-03-15', '2026-03-16', '2026-03-17', '2026-03-18'].map((day) => byDay.get(day)),
    ]).toEqual([40, 20, 45, 25]);
  });

  it('counts days of 25 verified minutes or 10 answers and reviews, bridging one missed day a week', async () => {
    const user = await createUser(t.app);
    const ana = await as(t.app, user);
    // Mon 9 and Tue 10 studied (25 min, then 10 reviews), Wed 11 missed, Thu 12 studied.
    await block(user.id, br('2026-03-09T10:00:00'), 25);
    await t.app.ctx.database.db.insert(reviewLogs).values(
      Array.from({ length: 10 }, (_, i) => ({
        userId: user.id,
        clientId: crypto.randomUUID(),
        rating: 3,
        reviewedAt: br(`2026-03-10T10:${String(i).padStart(2, '0')}:00`),
      })),
    );
    await block(user.id, br('2026-03-12T10:00:00'), 24); // one short of a day
    now = br('2026-03-12T20:00:00');
    // Thursday not yet counted (alive until it ends); Wednesday bridged by this week's freeze.
    expect((await stats(ana)).streak).toEqual({ days: 2, freezesLeft: 0 });
    await block(user.id, br('2026-03-12T18:00:00'), 1);
    expect((await stats(ana)).streak).toEqual({ days: 3, freezesLeft: 0 });
    now = br('2026-03-13T23:59:00');
    expect((await stats(ana)).streak).toEqual({ days: 3, freezesLeft: 0 });
    // Saturday: Friday missed and this week's freeze already spent on Wednesday: the streak ended.
    now = br('2026-03-14T10:00:00');
    expect((await stats(ana)).streak).toEqual({ days: 0, freezesLeft: 0 });
    // Sat 14 studied, Sun 15 missed (no freeze left: it ends), Mon 16 studied, Tue 17 missed (the new
    // week's freeze), Wed 18 studied.
    await block(user.id, br('2026-03-14T10:00:00'), 30);
    await block(user.id, br('2026-03-16T10:00:00'), 30);
    now = br('2026-03-16T12:00:00');
    expect((await stats(ana)).streak).toEqual({ days: 1, freezesLeft: 1 });
    await block(user.id, br('2026-03-18T10:00:00'), 30);
    now = br('2026-03-18T12:00:00');
    expect((await stats(ana)).streak).toEqual({ days: 2, freezesLeft: 0 });
  });
});

describe('friend streaks', () => {
  it('are proposed to mutual followers only, accepted by the other, and grow on days both studied', async () => {
    now = br('2026-03-10T10:00:00');
    const anaUser = await createUser(t.app);
    const beaUser = await createUser(t.app, { displayName: 'Bea Rocha' });
    const caio = await createUser(t.app);
    await mutual(anaUser, beaUser);
    await t.app.ctx.database.db.insert(follows).values({ followerId: anaUser.id, followingId: caio.id });
    const ana = await as(t.app, anaUser);
    const bea = await as(t.app, beaUser);
    const notMutual = await ana.post('/api/friend-streaks', { userId: caio.id });
    expect([notMutual.statusCode, notMutual.json().error]).toEqual([
      403,
      ROOM_MESSAGES.friendStreakMutualOnly,
    ]);
    const proposed = await ana.post('/api/friend-streaks', { userId: beaUser.id });
    expect(proposed.statusCode).toBe(201);
    const { id } = proposed.json().data;
    expect(proposed.json().data.status).toBe('pending');
    expect((await bea.post('/api/friend-streaks', { userId: anaUser.id })).statusCode).toBe(409);
    const byRequester = await ana.post(`/api/friend-streaks/${id}/accept`);
    expect([byRequester.statusCode, byRequester.json().error]).toEqual([
      403,
      ROOM_MESSAGES.friendStreakNotYours,
    ]);
    expect((await bea.get('/api/friend-streaks')).json().data).toEqual([
      expect.objectContaining({ id, status: 'pending', days: 0, incoming: true }),
    ]);
    expect((await bea.post(`/api/friend-streaks/${id}/accept`)).json().data).toEqual({
      id,
      status: 'active',
    });
    await block(anaUser.id, br('2026-03-10T11:00:00'), 25);
    await block(beaUser.id, br('2026-03-10T12:00:00'), 30);
    now = br('2026-03-10T20:00:00');
    expect((await ana.get('/api/friend-streaks')).json().data).toEqual([
      {
        id,
        user: { id: beaUser.id, displayName: 'Bea Rocha', username: beaUser.username, avatar: null },
        days: 1,
        status: 'active',
        incoming: false,
      },
    ]);
    // The next day: alive until it ends, and it grows once both studied.
    now = br('2026-03-11T09:00:00');
    expect((await ana.get('/api/friend-streaks')).json().data[0].days).toBe(1);
    await block(anaUser.id, br('2026-03-11T09:00:00'), 25);
    expect((await ana.get('/api/friend-streaks')).json().data[0].days).toBe(1);
    await block(beaUser.id, br('2026-03-11T10:00:00'), 25);
    now = br('2026-03-11T12:00:00');
    expect((await ana.get('/api/friend-streaks')).json().data[0].days).toBe(2);
  });

  it('allows at most five per person (409 for a sixth)', async () => {
    const anaUser = await createUser(t.app);
    const ana = await as(t.app, anaUser);
    for (let i = 0; i < 6; i++) {
      const friend = await createUser(t.app);
      await mutual(anaUser, friend);
      const res = await ana.post('/api/friend-streaks', { userId: friend.id });
      if (i < 5) expect(res.statusCode).toBe(201);
      else expect([res.statusCode, res.json().error]).toEqual([409, ROOM_MESSAGES.friendStreakLimit]);
    }
    expect(await t.app.ctx.database.db.select().from(friendStreaks)).toHaveLength(5);
    const self = await ana.post('/api/friend-streaks', { userId: anaUser.id });
    expect([self.statusCode, self.json().error]).toEqual([400, ROOM_MESSAGES.friendStreakSelf]);
  });
});

describe('weekly leagues', () => {
  it("ranks the viewer against who they follow and their groups' opted-in members, from Monday 00:00 Brasília", async () => {
    const anaUser = await createUser(t.app, { displayName: 'Ana' });
    const followed = await createUser(t.app, { displayName: 'Bruno' });
    const teenFollowed = await createMinor(t.app, 15, { displayName: 'Teen seguida' });
    const teenMutual = await createMinor(t.app, 16, { displayName: 'Teen mútua' });
    const groupmate = await createUser(t.app, { displayName: 'Colega' });
    const shyGroupmate = await createUser(t.app, { displayName: 'Colega sem liga' });
    const owner = await createUser(t.app, { userType: 'professor', displayName: 'Prof' });
    const group = await createGroup(t.app, owner);
    for (const member of [anaUser, groupmate, shyGroupmate]) await addMember(t.app, group, member);
    const { db } = t.app.ctx.database;
    await db.insert(follows).values([
      { followerId: anaUser.id, followingId: followed.id },
      { followerId: anaUser.id, followingId: teenFollowed.id },
    ]);
    await mutual(anaUser, teenMutual);
    await (await as(t.app, groupmate)).put('/api/rooms/settings', { leagueOptIn: true });
    await block(anaUser.id, br('2026-03-16T09:00:00'), 40);
    await block(followed.id, br('2026-03-17T09:00:00'), 90);
    await block(followed.id, br('2026-03-15T23:30:00'), 300); // last week's Sunday
    await block(teenMutual.id, br('2026-03-18T09:00:00'), 40);
    await block(groupmate.id, br('2026-03-18T09:00:00'), 10);
    await block(teenFollowed.id, br('2026-03-18T09:00:00'), 500);
    now = br('2026-03-22T23:59:00');
    const ana = await as(t.app, anaUser);
    const league = (await ana.get('/api/leagues/week')).json();
    expect(league.weekStart).toBe('2026-03-16');
    expect(
      league.data.map((row: { user: { displayName: string }; verifiedMinutes: number; rank: number }) => [
        row.user.displayName,
        row.verifiedMinutes,
        row.rank,
      ]),
    ).toEqual([
      ['Bruno', 90, 1],
      ['Ana', 40, 2],
      ['Teen mútua', 40, 2],
      ['Colega', 10, 4],
    ]);
    // Monday 00:00: a new week, everyone at zero.
    now = br('2026-03-23T00:00:00');
    const next = (await ana.get('/api/leagues/week')).json();
    expect(next.weekStart).toBe('2026-03-23');
    expect(next.data.every((row: { verifiedMinutes: number }) => row.verifiedMinutes === 0)).toBe(true);
  });

  it("ranks a group's opted-in members for its members only, unless its owner turned it off", async () => {
    now = br('2026-03-18T12:00:00');
    const owner = await createUser(t.app, { userType: 'professor' });
    const group = await createGroup(t.app, owner);
    const member = await createUser(t.app, { displayName: 'Membro' });
    await addMember(t.app, group, member);
    const memberCaller = await as(t.app, member);
    await memberCaller.put('/api/rooms/settings', { leagueOptIn: true });
    await block(member.id, br('2026-03-17T09:00:00'), 45);
    const league = (await memberCaller.get(`/api/study-groups/${group.id}/league/week`)).json();
    expect(league).toEqual({
      weekStart: '2026-03-16',
      data: [{ user: expect.objectContaining({ id: member.id }), verifiedMinutes: 45, rank: 1 }],
    });
    const stranger = await as(t.app, await createUser(t.app));
    const refused = await stranger.get(`/api/study-groups/${group.id}/league/week`);
    expect([refused.statusCode, refused.json().error]).toEqual([403, GROUP_MESSAGES.membersOnly]);
    const byMember = await memberCaller.put(`/api/study-groups/${group.id}/league`, { enabled: false });
    expect(byMember.statusCode).toBe(403);
    const ownerCaller = await as(t.app, owner);
    expect(
      (await ownerCaller.put(`/api/study-groups/${group.id}/league`, { enabled: false })).json().data,
    ).toEqual({
      enabled: false,
    });
    const off = await memberCaller.get(`/api/study-groups/${group.id}/league/week`);
    expect([off.statusCode, off.json().error]).toEqual([403, ROOM_MESSAGES.leagueOff]);
  });
});
