import { ROOM_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, oneAppPerDescribe, type TestApp } from '../../../test/app.ts';
import { createMinor, createUser } from '../../../test/factories.ts';
import { follows, notifications, studyBlocks } from '../../db/schema/index.ts';
import { runWeeklyLeague } from './league-celebrations.service.ts';

// Issue 39: on Monday each student who studied last week hears their league's top three, once; a
// minor never between 22:00 and 07:00 Brasília.

let t: TestApp;
let now = new Date();
oneAppPerDescribe(
  () => buildTestApp({}, { clock: () => now }),
  (built) => {
    t = built;
  },
);
/** An instant on a Brasília clock. */
const br = (local: string) => new Date(`${local}-03:00`);
const block = (userId: string, at: Date, minutes: number) =>
  t.app.ctx.database.db.insert(studyBlocks).values({
    userId,
    startedAt: at,
    lastSignAt: at,
    endedAt: new Date(at.getTime() + minutes * 60_000),
    verifiedMinutes: minutes,
  });
const notificationsOf = (userId: string) =>
  t.app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe("Monday's 'Liga da semana'", () => {
  it('tells each student who studied their top three once, on Monday, and a minor not in the quiet hours', async () => {
    const ana = await createUser(t.app, { displayName: 'Ana Souza' });
    const bruno = await createUser(t.app, { displayName: 'Bruno Lima' });
    const carla = await createUser(t.app, { displayName: 'Carla Mendes' });
    const duda = await createUser(t.app, { displayName: 'Duda Alves' });
    const teen = await createMinor(t.app, 15, { displayName: 'Júlia Teen' });
    const { db } = t.app.ctx.database;
    await db.insert(follows).values([
      { followerId: ana.id, followingId: bruno.id },
      { followerId: ana.id, followingId: carla.id },
      { followerId: ana.id, followingId: duda.id },
      { followerId: teen.id, followingId: ana.id },
      { followerId: ana.id, followingId: teen.id },
    ]);
    await block(ana.id, br('2026-03-10T10:00:00'), 40);
    await block(bruno.id, br('2026-03-11T10:00:00'), 90);
    await block(carla.id, br('2026-03-12T10:00:00'), 10);
    await block(duda.id, br('2026-03-13T10:00:00'), 5);
    await block(teen.id, br('2026-03-14T10:00:00'), 30);
    // Sunday night: not yet.
    now = br('2026-03-15T23:00:00');
    expect(await runWeeklyLeague(t.app.ctx)).toBe(0);
    // Monday 06:00: Ana hears it; the minor (quiet hours) does not yet.
    now = br('2026-03-16T06:00:00');
    expect(await runWeeklyLeague(t.app.ctx)).toBe(1);
    const [forAna] = await notificationsOf(ana.id);
    expect(forAna).toMatchObject({
      title: ROOM_MESSAGES.leagueNotificationTitle,
      message: `1º Bruno Lima (1 h 30 min), 2º Ana Souza (40 min), 3º Júlia Teen (30 min). ${ROOM_MESSAGES.leagueNotificationNewWeek}`,
      actionUrl: '/salas',
    });
    expect(await notificationsOf(teen.id)).toEqual([]);
    // Bruno's league is himself only (he follows nobody): no podium of one. Carla and Duda alike.
    expect(await notificationsOf(bruno.id)).toEqual([]);
    // Later that Monday: the minor hears it; nobody twice.
    now = br('2026-03-16T09:00:00');
    expect(await runWeeklyLeague(t.app.ctx)).toBe(1);
    expect((await notificationsOf(teen.id))[0]?.message).toContain('1º Ana Souza (40 min)');
    expect(await notificationsOf(ana.id)).toHaveLength(1);
    // Tuesday: nothing more.
    now = br('2026-03-17T09:00:00');
    expect(await runWeeklyLeague(t.app.ctx)).toBe(0);
  });
});
