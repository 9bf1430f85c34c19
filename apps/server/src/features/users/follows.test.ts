import { USER_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/factories.ts';
import { follows, notifications, users } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterAll(async () => {
  await t.app.close();
});

const follow = (cookie: string, id: string, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url: `/api/users/${id}/follow`, headers: { cookie } });
const list = (cookie: string, id: string, direction: 'followers' | 'following', query = '') =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}/${direction}${query}`, headers: { cookie } });
const profile = async (cookie: string, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: { cookie } })).json().data;

describe('POST and DELETE /api/users/{id}/follow', () => {
  it('follows and unfollows, moving both counters exactly, and is idempotent', async () => {
    const ana = await createUser(t.app);
    const bruno = await createUser(t.app);
    const anaCookie = await signedInAs(t.app, ana);

    const first = await follow(anaCookie, bruno.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ isFollowing: true, followersCount: 1, followRequested: false });
    expect((await follow(anaCookie, bruno.id)).json().data).toEqual({
      isFollowing: true,
      followersCount: 1,
      followRequested: false,
    });
    expect(await profile(anaCookie, bruno.id)).toMatchObject({ followersCount: 1, isFollowing: true });
    expect(await profile(anaCookie, ana.id)).toMatchObject({ followingCount: 1 });

    const undo = await follow(anaCookie, bruno.id, 'DELETE');
    expect(undo.json().data).toEqual({ isFollowing: false, followersCount: 0, followRequested: false });
    expect((await follow(anaCookie, bruno.id, 'DELETE')).json().data).toEqual({
      isFollowing: false,
      followersCount: 0,
      followRequested: false,
    });
    expect(await profile(anaCookie, ana.id)).toMatchObject({ followingCount: 0 });
  });

  it('keeps one row when the same follow arrives many times at once', async () => {
    const ana = await createUser(t.app);
    const bruno = await createUser(t.app);
    const cookie = await signedInAs(t.app, ana);
    const replies = await Promise.all(Array.from({ length: 5 }, () => follow(cookie, bruno.id)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await t.app.ctx.database.db.select().from(follows)).toHaveLength(1);
    expect(await profile(cookie, bruno.id)).toMatchObject({ followersCount: 1 });
  });

  it('tells the followed user once, however often the follower unfollows and follows again', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const anaCookie = await signedInAs(t.app, ana);
    for (let i = 0; i < 3; i++) {
      expect((await follow(anaCookie, bruno.id)).statusCode).toBe(200);
      expect((await follow(anaCookie, bruno.id, 'DELETE')).statusCode).toBe(200);
    }
    await follow(anaCookie, bruno.id);
    const told = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, bruno.id));
    expect(told.map((row) => row.title)).toEqual(['Novo seguidor']);
  });

  it('tells again on a later day, at most once a day per follower', async () => {
    await t.app.close();
    let now = new Date('2026-03-10T12:00:00Z');
    t = await buildTestApp({}, { clock: () => now });
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const anaCookie = await signedInAs(t.app, ana);
    const told = async () =>
      (await t.app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, bruno.id)))
        .length;
    await follow(anaCookie, bruno.id);
    await follow(anaCookie, bruno.id, 'DELETE');
    await follow(anaCookie, bruno.id);
    expect(await told()).toBe(1);
    now = new Date('2026-03-11T12:00:00Z');
    await follow(anaCookie, bruno.id, 'DELETE');
    await follow(anaCookie, bruno.id);
    await follow(anaCookie, bruno.id, 'DELETE');
    await follow(anaCookie, bruno.id);
    expect(await told()).toBe(2);
  });

  it('refuses following oneself (400)', async () => {
    const ana = await createUser(t.app);
    const cookie = await signedInAs(t.app, ana);
    const res = await follow(cookie, ana.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: USER_MESSAGES.cannotFollowSelf, code: 'SELF_ACTION' });
    expect((await follow(cookie, 'me')).statusCode).toBe(400);
    expect(await profile(cookie, ana.id)).toMatchObject({ followersCount: 0, followingCount: 0 });
  });

  it('answers 404 for unknown and suspended users', async () => {
    const ana = await createUser(t.app);
    const suspended = await createUser(t.app, { suspendedAt: new Date() });
    const cookie = await signedInAs(t.app, ana);
    expect((await follow(cookie, suspended.id)).statusCode).toBe(404);
    expect((await follow(cookie, '7d1f0c5e-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('needs a verified user', async () => {
    const bruno = await createUser(t.app);
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${bruno.id}/follow` })).statusCode).toBe(
      401,
    );
    const unverified = await createUser(t.app, { emailVerified: false });
    expect((await follow(await signedInAs(t.app, unverified), bruno.id)).statusCode).toBe(403);
  });
});

describe('GET /api/users/{id}/followers and /following', () => {
  it('lists the list items of spec §3, newest first, in pages, with whether the viewer follows each', async () => {
    const carla = await createUser(t.app, { userType: 'professor', isVerified: true });
    const fans = [];
    for (let i = 0; i < 3; i++) {
      const fan = await createUser(t.app);
      fans.push(fan);
      await follow(await signedInAs(t.app, fan), carla.id);
    }
    const viewer = fans[0]!;
    const viewerCookie = await signedInAs(t.app, viewer);
    await follow(viewerCookie, fans[2]!.id);

    const page1 = await list(viewerCookie, carla.id, 'followers', '?page=1&limit=2');
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ hasMore: true });
    expect(page1.json().data).toEqual([
      {
        id: fans[2]!.id,
        displayName: fans[2]!.displayName,
        username: fans[2]!.username,
        avatar: null,
        isVerified: false,
        userType: 'aluno',
        isFollowing: true,
      },
      expect.objectContaining({ id: fans[1]!.id, isFollowing: false }),
    ]);
    const page2 = await list(viewerCookie, carla.id, 'followers', '?page=2&limit=2');
    expect(page2.json()).toMatchObject({
      hasMore: false,
      data: [expect.objectContaining({ id: viewer.id })],
    });

    const following = await list(viewerCookie, viewer.id, 'following');
    expect(following.json().data.map((u: { id: string }) => u.id)).toEqual([fans[2]!.id, carla.id]);
    expect(following.json().data[1]).toMatchObject({
      userType: 'professor',
      isVerified: true,
      isFollowing: true,
    });
  });

  it('leaves suspended users out of the lists, as out of the counts', async () => {
    const ana = await createUser(t.app);
    const gone = await createUser(t.app);
    await follow(await signedInAs(t.app, gone), ana.id);
    const cookie = await signedInAs(t.app, ana);
    expect((await list(cookie, ana.id, 'followers')).json().data).toHaveLength(1);
    await t.app.ctx.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await list(cookie, ana.id, 'followers')).json().data).toHaveLength(0);
  });

  it('refuses out-of-range paging with 400 and unknown users with 404', async () => {
    const ana = await createUser(t.app);
    const cookie = await signedInAs(t.app, ana);
    expect((await list(cookie, ana.id, 'followers', '?limit=51')).statusCode).toBe(400);
    expect((await list(cookie, ana.id, 'following', '?page=0')).statusCode).toBe(400);
    expect((await list(cookie, 'ninguem', 'followers')).statusCode).toBe(404);
  });
});
