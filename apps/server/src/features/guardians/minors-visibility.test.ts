import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { MINORS_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { as, createMinor, createPost, createUser, linkGuardian } from '../../../test/factories.ts';
import { connectionRequests, follows, notifications } from '../../db/schema/index.ts';
import { isMinorQuietHour } from '../../lib/ages.ts';
import { deliver, notify } from '../notifications/notifications.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterEach(async () => {
  vi.useRealTimers();
});
afterAll(async () => {
  await t.app.close();
});

const contents = (res: { json(): { data: { content: string }[] } }) =>
  res.json().data.map((post) => post.content);

describe('an under-18 is seen by followers only', () => {
  it("hides a minor's posts from a non-follower (feed, detail, profile), not from followers or themselves", async () => {
    const teen = await createMinor(t.app, 15, {
      bio: 'Amo química',
      location: 'Recife',
      website: 'https://lucas.dev',
    });
    const post = await createPost(t.app, teen, { content: 'Minha primeira redação!' });
    const stranger = await as(t.app, await createUser(t.app));
    // The page is kept in memory first: the rule holds for what the stranger is served from it too.
    expect(contents(await stranger.get('/api/posts'))).not.toContain('Minha primeira redação!');
    expect((await stranger.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    // The profile's posts follow the profile's rule (decision 042): not an empty page, a 404.
    expect((await stranger.get(`/api/users/${teen.id}/posts`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/posts/${post.id}/like`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/posts/${post.id}/comments`)).statusCode).toBe(404);

    const friend = await createUser(t.app);
    await t.app.ctx.database.db.insert(follows).values({ followerId: friend.id, followingId: teen.id });
    const asFriend = await as(t.app, friend);
    expect(contents(await asFriend.get('/api/posts'))).toContain('Minha primeira redação!');
    expect((await asFriend.get(`/api/posts/${post.id}`)).statusCode).toBe(200);
    expect(contents(await (await as(t.app, teen)).get('/api/posts'))).toContain('Minha primeira redação!');

    const seenByStranger = (await stranger.get(`/api/users/${teen.id}`)).json().data;
    expect(seenByStranger).toMatchObject({ isRestricted: true, bio: '', location: '', website: '' });
    const seenByFriend = (await asFriend.get(`/api/users/${teen.id}`)).json().data;
    // A follower sees the profile, still without where the minor lives or their site.
    expect(seenByFriend).toMatchObject({
      isRestricted: false,
      bio: 'Amo química',
      location: '',
      website: '',
    });
    const own = (await (await as(t.app, teen)).get(`/api/users/${teen.id}`)).json().data;
    expect(own).toMatchObject({ location: 'Recife', website: 'https://lucas.dev' });
  });

  it('turns "Seguir" on a minor into a request the teen approves; then the posts show', async () => {
    const teen = await createMinor(t.app, 14, { displayName: 'Lucas' });
    await createPost(t.app, teen, { content: 'Resumo de mitose' });
    const adult = await createUser(t.app, { displayName: 'Rafael' });
    const asAdult = await as(t.app, adult);
    const asked = await asAdult.post(`/api/users/${teen.id}/follow`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data).toEqual({ isFollowing: false, followersCount: 0, followRequested: true });
    expect(await t.app.ctx.database.db.select().from(follows)).toEqual([]);
    expect((await asAdult.get(`/api/users/${teen.id}`)).json().data.connectionRequested).toBe(true);

    const asTeen = await as(t.app, teen);
    const requests = (await asTeen.get('/api/notifications/requests')).json().data;
    expect(requests).toEqual([expect.objectContaining({ fromUserName: 'Rafael', kind: 'follow' })]);
    expect(
      (await asTeen.put(`/api/notifications/requests/${requests[0].id}`, { action: 'accept' })).statusCode,
    ).toBe(200);
    // Only the asker follows: approving is not following back.
    expect(await t.app.ctx.database.db.select().from(follows)).toEqual([
      expect.objectContaining({ followerId: adult.id, followingId: teen.id }),
    ]);
    expect(contents(await asAdult.get('/api/posts'))).toContain('Resumo de mitose');
  });

  it('withdraws the request on unfollow, and follows an adult at once as before', async () => {
    const teen = await createMinor(t.app, 17);
    const adult = await as(t.app, await createUser(t.app));
    await adult.post(`/api/users/${teen.id}/follow`);
    await adult.del(`/api/users/${teen.id}/follow`);
    expect(await t.app.ctx.database.db.select().from(connectionRequests)).toEqual([]);
    const other = await createUser(t.app);
    expect((await adult.post(`/api/users/${other.id}/follow`)).json().data).toMatchObject({
      isFollowing: true,
    });
  });

  it('never offers a minor to an adult in "quem seguir", and nobody who turned discovery off', async () => {
    await createMinor(t.app, 16, { displayName: 'Teen' });
    await createUser(t.app, { displayName: 'Discreta', discoverable: false });
    await createUser(t.app, { displayName: 'Adulto' });
    const names = async (viewer: { id: string }) =>
      (await (await as(t.app, viewer)).get('/api/notifications/recommendations'))
        .json()
        .data.map((u: { displayName: string }) => u.displayName);
    const forAdult = await names(await createUser(t.app));
    expect(forAdult).toContain('Adulto');
    expect(forAdult).not.toContain('Teen');
    expect(forAdult).not.toContain('Discreta');
    const forTeen = await names(await createMinor(t.app, 16));
    expect(forTeen).toEqual(expect.arrayContaining(['Teen', 'Adulto']));
    expect(forTeen).not.toContain('Discreta');
  });
});

describe('PATCH /api/users/me/privacy', () => {
  it('lets a minor tighten, refuses loosening past the defaults (403), until the guardian approves it', async () => {
    const teen = await createMinor(t.app, 15);
    const mother = await createUser(t.app);
    await linkGuardian(t.app, teen, mother);
    const asTeen = await as(t.app, teen);
    const tighter = await asTeen.patch('/api/users/me/privacy', {
      discoverable: false,
      allowAdultChat: false,
    });
    expect(tighter.statusCode).toBe(200);
    expect(tighter.json().data).toEqual({
      profileVisibility: 'followers',
      allowAdultChat: false,
      discoverable: false,
    });
    // Back to the defaults is not looser than the defaults.
    expect((await asTeen.patch('/api/users/me/privacy', { discoverable: true })).statusCode).toBe(200);

    const looser = await asTeen.patch('/api/users/me/privacy', { profileVisibility: 'public' });
    expect(looser.statusCode).toBe(403);
    expect(looser.json()).toEqual({ error: MINORS_MESSAGES.privacyLooser, code: 'PRIVACY_NEEDS_GUARDIAN' });
    expect((await asTeen.get('/api/users/me')).json().data.privacy.profileVisibility).toBe('followers');

    const asMother = await as(t.app, mother);
    const approved = await asMother.patch(`/api/guardian/teens/${teen.id}/privacy`, {
      profileVisibility: 'public',
      allowAdultChat: false,
    });
    expect(approved.json().data).toEqual({
      profileVisibility: 'public',
      allowAdultChat: false,
      discoverable: true,
    });
    // The guardian's choice is the new floor: the teen may go back to followers-only and public
    // again, but not turn adult chat back on.
    expect((await asTeen.patch('/api/users/me/privacy', { profileVisibility: 'followers' })).statusCode).toBe(
      200,
    );
    expect((await asTeen.patch('/api/users/me/privacy', { profileVisibility: 'public' })).statusCode).toBe(
      200,
    );
    expect((await asTeen.patch('/api/users/me/privacy', { allowAdultChat: true })).statusCode).toBe(403);
  });

  it('lets an adult choose freely, and refuses unknown values (400)', async () => {
    const adult = await as(t.app, await createUser(t.app));
    expect((await adult.patch('/api/users/me/privacy', { profileVisibility: 'followers' })).statusCode).toBe(
      200,
    );
    expect((await adult.patch('/api/users/me/privacy', { profileVisibility: 'public' })).statusCode).toBe(
      200,
    );
    expect((await adult.patch('/api/users/me/privacy', { profileVisibility: 'ninguem' })).statusCode).toBe(
      400,
    );
    expect((await adult.patch('/api/users/me/privacy', { extra: true })).statusCode).toBe(400);
  });
});

describe('quiet hours for minors', () => {
  async function pushService() {
    const received: Buffer[] = [];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(Buffer.concat(chunks));
        response.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { endpoint: `http://127.0.0.1:${port}/push/${randomBytes(6).toString('hex')}`, received, server };
  }
  /**
   * The delivery is a queued job, due from the moment it is queued; PGlite's now() reads the stopped
   * fake clock, so the clock moves one second before the queue runs.
   */
  const runJobsASecondLater = async (at: string) => {
    await t.app.ctx.tasks.drain();
    vi.setSystemTime(new Date(at));
    await t.app.ctx.jobs.drain();
  };
  const keys = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
  };

  it('sends no push to a minor at 23:00 Brasília time, keeps the notification, and pushes to an adult', async () => {
    const teen = await createMinor(t.app, 15);
    const adult = await createUser(t.app);
    const services = { teen: await pushService(), adult: await pushService() };
    try {
      await (await as(t.app, teen)).post('/api/push/subscriptions', {
        endpoint: services.teen.endpoint,
        keys: keys(),
      });
      await (await as(t.app, adult)).post('/api/push/subscriptions', {
        endpoint: services.adult.endpoint,
        keys: keys(),
      });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-10T02:00:00Z')); // 23:00 in Brasília
      const rows = await Promise.all(
        [teen, adult].map((user) =>
          notify(t.app.ctx.database.db, {
            userId: user.id,
            type: 'system',
            title: 'Lembrete',
            message: 'Hora de revisar',
          }),
        ),
      );
      deliver(t.app.ctx, rows);
      await runJobsASecondLater('2026-03-10T02:00:01Z');
      expect(services.teen.received).toHaveLength(0);
      expect(services.adult.received).toHaveLength(1);
      expect(
        await t.app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, teen.id)),
      ).toHaveLength(1);

      vi.setSystemTime(new Date('2026-03-10T11:00:00Z')); // 08:00 in Brasília
      const [morning] = [
        await notify(t.app.ctx.database.db, {
          userId: teen.id,
          type: 'system',
          title: 'Bom dia',
          message: 'Hoje tem aula',
        }),
      ];
      deliver(t.app.ctx, [morning]);
      await runJobsASecondLater('2026-03-10T11:00:01Z');
      expect(services.teen.received).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      services.teen.server.close();
      services.adult.server.close();
    }
  });

  it('counts the hour in Brasília: 07:00 is outside the quiet hours, 06:59 inside', async () => {
    expect([21, 22, 23, 0, 6, 7].map(isMinorQuietHour)).toEqual([false, true, true, true, true, false]);
  });
});
