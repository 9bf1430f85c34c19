import { ROOM_MESSAGES, studyStatsDetailSchema } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, oneAppPerDescribe, type TestApp } from '../../../test/app.ts';
import { as, createUser } from '../../../test/factories.ts';
import { follows, studyBlocks, studySessions } from '../../db/schema/index.ts';

// Issue 39: the solo study timer is a focus block without a room, counted as a room's block is —
// verified minutes from visible heartbeats, none for a hidden tab — and its verified minutes are the
// profile's study time; the timer's sessions from before stay as they were (unverified).

let t: TestApp;
let now = new Date('2026-03-10T15:00:00.000Z');
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const SEC = 1_000;
const MIN = 60_000;
oneAppPerDescribe(
  () => buildTestApp({}, { clock }),
  (built) => {
    t = built;
  },
);
type Caller = Awaited<ReturnType<typeof as>>;

/** `count` heartbeats 30 s apart, the clock moving with them. */
const beats = async (caller: Caller, id: string, count: number, visible: boolean) => {
  for (let i = 0; i < count; i++) {
    advance(30 * SEC);
    const res = await caller.post(`/api/study-blocks/${id}/heartbeat`, { visible });
    expect(res.statusCode).toBe(200);
  }
};
const stats = async (caller: Caller) =>
  studyStatsDetailSchema.parse((await caller.get('/api/users/me/study-stats')).json().data);

describe('the solo timer as a focus block without a room', () => {
  it('counts like a room block: the same heartbeats make the same verified minutes, in stats, league and streak', async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const anaUser = await createUser(t.app);
    const brunoUser = await createUser(t.app);
    const ana = await as(t.app, anaUser);
    const bruno = await as(t.app, brunoUser);
    await t.app.ctx.database.db.insert(follows).values([
      { followerId: anaUser.id, followingId: brunoUser.id },
      { followerId: brunoUser.id, followingId: anaUser.id },
    ]);
    const publicRoom = (await bruno.get('/api/rooms?kind=public')).json().data[0];
    expect((await bruno.post(`/api/rooms/${publicRoom.id}/join`, {})).statusCode).toBe(200);

    const solo = await ana.post('/api/study-blocks', {});
    const inRoom = await bruno.post('/api/study-blocks', { roomId: publicRoom.id });
    expect([solo.statusCode, inRoom.statusCode]).toEqual([201, 201]);
    // 26 minutes with the tab visible, a heartbeat each 30 s, for both.
    for (let i = 0; i < 52; i++) {
      advance(30 * SEC);
      for (const [caller, id] of [
        [ana, solo.json().data.id],
        [bruno, inRoom.json().data.id],
      ] as const) {
        expect((await caller.post(`/api/study-blocks/${id}/heartbeat`, { visible: true })).statusCode).toBe(
          200,
        );
      }
    }
    const soloEnd = await ana.post(`/api/study-blocks/${solo.json().data.id}/end`);
    const roomEnd = await bruno.post(`/api/study-blocks/${inRoom.json().data.id}/end`);
    expect([soloEnd.json().data, roomEnd.json().data]).toEqual([
      { verifiedMinutes: 26 },
      { verifiedMinutes: 26 },
    ]);

    const [anaStats, brunoStats] = [await stats(ana), await stats(bruno)];
    for (const figures of [anaStats, brunoStats]) {
      expect(figures).toMatchObject({
        verifiedMinutesToday: 26,
        verifiedMinutesWeek: 26,
        // 25 verified minutes make a day of the 'ofensiva'.
        streak: { days: 1 },
      });
    }
    const league = (await ana.get('/api/leagues/week')).json().data;
    expect(
      league.map((row: { user: { id: string }; verifiedMinutes: number }) => row.verifiedMinutes),
    ).toEqual([26, 26]);
  });

  it('does not count the minutes of a hidden tab or of a gap, and records the verified ones as study time', async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const user = await createUser(t.app);
    const ana = await as(t.app, user);
    const { id } = (await ana.post('/api/study-blocks', {})).json().data;
    await beats(ana, id, 8, true); // 4 visible minutes
    await beats(ana, id, 12, false); // 6 minutes in a hidden tab: the timer kept running, unseen
    advance(3 * MIN); // the phone slept: no heartbeat at all
    await beats(ana, id, 4, true); // 2 visible minutes
    const end = await ana.post(`/api/study-blocks/${id}/end`);
    // 15 minutes on the clock, 4 + 2 verified (the first beat after the gap vouches for 40 s back at most).
    expect(end.json().data).toEqual({ verifiedMinutes: 6 });

    const figures = await stats(ana);
    expect(figures).toMatchObject({ verifiedMinutesToday: 6, todayStudyTime: 6, totalStudyHours: 0.1 });
    expect(figures.calendar.find((day) => day.day === '2026-03-10')).toMatchObject({
      studyMinutes: 6,
      verifiedMinutes: 6,
    });
    const { db } = t.app.ctx.database;
    const rows = await db.select().from(studySessions).where(eq(studySessions.userId, user.id));
    expect(rows).toMatchObject([
      { blockId: id, durationSeconds: 360, startedAt: new Date('2026-03-10T15:00:00.000Z') },
    ]);

    // Ending it again is refused and records nothing more.
    const again = await ana.post(`/api/study-blocks/${id}/end`);
    expect([again.statusCode, again.json().error]).toEqual([409, ROOM_MESSAGES.blockNotRunning]);
    expect(await db.select().from(studySessions).where(eq(studySessions.userId, user.id))).toHaveLength(1);
  });

  it('ends a block left running in a closed tab at its last sign when the next one starts', async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const user = await createUser(t.app);
    const ana = await as(t.app, user);
    const first = (await ana.post('/api/study-blocks', {})).json().data.id;
    await beats(ana, first, 6, true); // 3 visible minutes, then the tab closed
    advance(2 * 60 * MIN);
    const late = await ana.post(`/api/study-blocks/${first}/heartbeat`, { visible: true });
    expect(late.statusCode).toBe(409);
    expect((await ana.post('/api/study-blocks', {})).statusCode).toBe(201);
    const { db } = t.app.ctx.database;
    const [block] = await db.select().from(studyBlocks).where(eq(studyBlocks.id, first));
    expect(block).toMatchObject({ verifiedMinutes: 3, endedAt: new Date('2026-03-10T15:03:00.000Z') });
    expect((await stats(ana)).todayStudyTime).toBe(3);
  });

  it('keeps the timer sessions from before as study time, never as verified minutes', async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const ana = await as(t.app, await createUser(t.app));
    const old = await ana.post('/api/study-sessions', {
      durationSeconds: 30 * 60,
      startedAt: '2026-03-10T13:00:00.000Z',
      kind: 'pomodoro',
    });
    expect(old.statusCode).toBe(201);
    const { id } = (await ana.post('/api/study-blocks', {})).json().data;
    await beats(ana, id, 4, true);
    await ana.post(`/api/study-blocks/${id}/end`);
    const figures = await stats(ana);
    expect(figures).toMatchObject({ todayStudyTime: 32, verifiedMinutesToday: 2, studyStreak: 1 });
    expect(figures.streak.days).toBe(0);
  });
});
