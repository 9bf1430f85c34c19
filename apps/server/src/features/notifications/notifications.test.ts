import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { NOTIFICATION_MESSAGES } from '@estudai/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { follows, notifications, postLikes, pushSubscriptions } from '../../db/schema/index.ts';
import { deliver, notify } from './notifications.service.ts';

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

type User = Awaited<ReturnType<typeof createUser>>;
async function as(user: User) {
  const cookie = await signedInAs(t.app, user);
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie } }),
    put: (url: string, payload?: object) =>
      t.app.inject({ method: 'PUT', url, payload, headers: { cookie } }),
    del: (url: string, payload?: object) =>
      t.app.inject({ method: 'DELETE', url, payload, headers: { cookie } }),
  };
}

const systemNotice = (userId: string, extra: Partial<Parameters<typeof notify>[1]> = {}) =>
  notify(t.app.ctx.database.db, {
    userId,
    type: 'system',
    title: 'Bem-vindo ao Estudaí',
    message: 'Complete seu perfil para começar.',
    actionUrl: '/profile',
    ...extra,
  });

describe('recording notifications', () => {
  it('never notifies someone of their own action', async () => {
    const ana = await createUser(t.app);
    expect(await systemNotice(ana.id, { actorId: ana.id, type: 'like' })).toBeUndefined();
    expect((await (await as(ana)).get('/api/notifications')).json().data).toEqual([]);
  });

  it('records the same event once, whatever the repeats', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const like = { actorId: bruno.id, type: 'like' as const, dedupeKey: 'like:post-1:bruno' };
    expect(await systemNotice(ana.id, like)).toBeDefined();
    expect(await systemNotice(ana.id, like)).toBeUndefined();
    expect((await (await as(ana)).get('/api/notifications')).json().data).toHaveLength(1);
  });
});

describe('GET /api/notifications and reading', () => {
  it('lists the user’s notifications newest first, with who caused them', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app, { displayName: 'Bruno Lima' })];
    await systemNotice(ana.id, { title: 'primeira' });
    // Written a minute earlier, explicitly: the order must not hang on the clock's resolution.
    await t.app.ctx.database.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(notifications.title, 'primeira'));
    await systemNotice(ana.id, { title: 'segunda', actorId: bruno.id, type: 'follow' });
    await systemNotice(bruno.id, { title: 'de outra pessoa' });
    const res = await (await as(ana)).get('/api/notifications');
    expect(res.json().hasMore).toBe(false);
    expect(res.json().data).toMatchObject([
      { title: 'segunda', type: 'follow', relatedUserName: 'Bruno Lima', isRead: false },
      { title: 'primeira', type: 'system', relatedUserName: null, actionUrl: '/profile' },
    ]);
  });

  it('tells a new follower’s card whether the recipient follows them back, from the list', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const bruno$ = await as(bruno);
    expect((await bruno$.post(`/api/users/${ana.id}/follow`)).statusCode).toBe(200);
    const ana$ = await as(ana);
    const card = async () => (await ana$.get('/api/notifications')).json().data[0];
    expect(await card()).toMatchObject({ type: 'follow', relatedUserId: bruno.id, followedBack: false });
    expect((await ana$.post(`/api/users/${bruno.id}/follow`)).statusCode).toBe(200);
    expect(await card()).toMatchObject({ type: 'follow', relatedUserId: bruno.id, followedBack: true });
    // Other kinds carry no such field.
    await systemNotice(ana.id, { title: 'aviso', actorId: bruno.id });
    expect(await card()).not.toHaveProperty('followedBack');
  });

  it('pages with page/limit and refuses bad values', async () => {
    const ana = await createUser(t.app);
    for (let i = 0; i < 3; i++) await systemNotice(ana.id, { title: `n${i}` });
    const asAna = await as(ana);
    expect((await asAna.get('/api/notifications?limit=2')).json()).toMatchObject({ hasMore: true });
    expect((await asAna.get('/api/notifications?limit=2&page=2')).json()).toMatchObject({ hasMore: false });
    expect((await asAna.get('/api/notifications?page=0')).statusCode).toBe(400);
  });

  it('marks one read, then all read, with the unread count following', async () => {
    const ana = await createUser(t.app);
    const first = await systemNotice(ana.id, { title: 'a' });
    await systemNotice(ana.id, { title: 'b' });
    await systemNotice(ana.id, { title: 'c' });
    const asAna = await as(ana);
    expect((await asAna.get('/api/notifications/counts')).json().data).toEqual({
      unread: 3,
      pendingRequests: 0,
    });
    expect((await asAna.post(`/api/notifications/${first?.id}/read`)).statusCode).toBe(200);
    expect((await asAna.get('/api/notifications/counts')).json().data.unread).toBe(2);
    expect((await asAna.post('/api/notifications/read-all')).json().data).toEqual({ read: 2 });
    expect((await asAna.get('/api/notifications/counts')).json().data.unread).toBe(0);
  });

  it('answers 404 for reading someone else’s notification, and leaves it unread', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const hers = await systemNotice(ana.id);
    const res = await (await as(bruno)).post(`/api/notifications/${hers?.id}/read`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(NOTIFICATION_MESSAGES.notFound);
    expect((await (await as(ana)).get('/api/notifications/counts')).json().data.unread).toBe(1);
  });
});

describe('connection requests', () => {
  async function requested() {
    const [ana, bruno] = [
      await createUser(t.app),
      await createUser(t.app, { displayName: 'Bruno', bio: 'Exatas' }),
    ];
    const asBruno = await as(bruno);
    const sent = await asBruno.post(`/api/users/${ana.id}/connect`);
    const asAna = await as(ana);
    const [request] = (await asAna.get('/api/notifications/requests')).json().data;
    return { ana, bruno, asAna, asBruno, sent, request };
  }
  const followRows = () => t.app.ctx.database.db.select().from(follows);

  it('lists a pending request with who sent it; asking twice keeps one', async () => {
    const { ana, bruno, asBruno, asAna, sent, request } = await requested();
    expect(sent.statusCode).toBe(201);
    expect(request).toMatchObject({ fromUserId: bruno.id, fromUserName: 'Bruno', fromUserBio: 'Exatas' });
    expect((await asBruno.post(`/api/users/${ana.id}/connect`)).statusCode).toBe(200);
    expect((await asAna.get('/api/notifications/requests')).json().data).toHaveLength(1);
    expect((await asAna.get('/api/notifications/counts')).json().data.pendingRequests).toBe(1);
  });

  it("shows the requester that the request waits, on the other's profile, until it is answered", async () => {
    const { ana, bruno, asAna, asBruno, request } = await requested();
    const profile = async () => (await asBruno.get(`/api/users/${ana.id}`)).json().data;
    expect(await profile()).toMatchObject({ connectionRequested: true, isFollowing: false });
    expect((await asAna.get(`/api/users/${bruno.id}`)).json().data.connectionRequested).toBe(false);
    await asAna.put(`/api/notifications/requests/${request.id}`, { action: 'accept' });
    expect(await profile()).toMatchObject({
      connectionRequested: false,
      isFollowing: true,
      followsYou: true,
    });
  });

  it('accept makes both users follow each other and tells the requester', async () => {
    const { ana, bruno, asAna, asBruno, request } = await requested();
    const res = await asAna.put(`/api/notifications/requests/${request.id}`, { action: 'accept' });
    expect(res.json().data).toEqual({ status: 'accepted' });
    const rows = await followRows();
    expect(rows.map((r) => [r.followerId, r.followingId]).sort()).toEqual(
      [
        [ana.id, bruno.id],
        [bruno.id, ana.id],
      ].sort(),
    );
    expect((await asAna.get('/api/notifications/requests')).json().data).toEqual([]);
    const [told] = (await asBruno.get('/api/notifications')).json().data;
    expect(told).toMatchObject({ type: 'follow', actionUrl: `/user/${ana.id}` });
    const chat = await asBruno.post('/api/chat/conversations', { otherUserId: ana.id });
    expect(chat.statusCode).toBe(201);
  });

  it('reject leaves no follow and removes the request', async () => {
    const { asAna, request } = await requested();
    const res = await asAna.put(`/api/notifications/requests/${request.id}`, { action: 'reject' });
    expect(res.json().data).toEqual({ status: 'rejected' });
    expect(await followRows()).toEqual([]);
    expect((await asAna.get('/api/notifications/requests')).json().data).toEqual([]);
  });

  it('answers 404 to anyone but the recipient, and to an answered request', async () => {
    const { asAna, asBruno, request } = await requested();
    const carla = await as(await createUser(t.app));
    expect(
      (await carla.put(`/api/notifications/requests/${request.id}`, { action: 'accept' })).statusCode,
    ).toBe(404);
    expect(
      (await asBruno.put(`/api/notifications/requests/${request.id}`, { action: 'accept' })).statusCode,
    ).toBe(404);
    await asAna.put(`/api/notifications/requests/${request.id}`, { action: 'reject' });
    expect(
      (await asAna.put(`/api/notifications/requests/${request.id}`, { action: 'accept' })).statusCode,
    ).toBe(404);
    expect(await followRows()).toEqual([]);
  });

  it('refuses a bad action and a request to oneself', async () => {
    const { ana, asAna, request } = await requested();
    expect(
      (await asAna.put(`/api/notifications/requests/${request.id}`, { action: 'talvez' })).statusCode,
    ).toBe(400);
    expect((await asAna.post(`/api/users/${ana.id}/connect`)).statusCode).toBe(400);
  });
});

describe('recommendations', () => {
  it('suggests friends of friends first, then people with the same interests, never yourself or who you follow', async () => {
    const ana = await createUser(t.app, { displayName: 'Ana' });
    const bruno = await createUser(t.app, { displayName: 'Bruno' });
    const carla = await createUser(t.app, { displayName: 'Carla' });
    const diego = await createUser(t.app, { displayName: 'Diego' });
    const elisa = await createUser(t.app, { displayName: 'Elisa' });
    const db = t.app.ctx.database.db;
    await db.insert(follows).values([
      { followerId: ana.id, followingId: bruno.id },
      { followerId: bruno.id, followingId: carla.id },
    ]);
    const post = await createPost(t.app, elisa);
    await db.insert(postLikes).values([
      { postId: post.id, userId: ana.id },
      { postId: post.id, userId: diego.id },
    ]);
    const data = (await (await as(ana)).get('/api/notifications/recommendations')).json().data;
    const ids = data.map((u: { userId: string }) => u.userId);
    expect(ids).not.toContain(ana.id);
    expect(ids).not.toContain(bruno.id);
    expect(data[0]).toMatchObject({
      userId: carla.id,
      recommendationReason: 'mutual_connections',
      mutualFollowersCount: 1,
    });
    expect(data.find((u: { userId: string }) => u.userId === diego.id)).toMatchObject({
      recommendationReason: 'similar_interests',
    });
    expect(data.find((u: { userId: string }) => u.userId === elisa.id)).toMatchObject({
      recommendationReason: 'popular',
    });
  });

  it('suggests people from the same study group, before people with the same interests', async () => {
    const ana = await createUser(t.app, { displayName: 'Ana' });
    const teacher = await createUser(t.app, { displayName: 'Prof. Rui', userType: 'professor' });
    const classmate = await createUser(t.app, { displayName: 'Colega' });
    const former = await createUser(t.app, { displayName: 'Ex-colega' });
    const group = await createGroup(t.app, teacher);
    await addMember(t.app, group, ana);
    await addMember(t.app, group, classmate);
    await addMember(t.app, group, former, { status: 'left', leftAt: new Date() });
    const data = (await (await as(ana)).get('/api/notifications/recommendations')).json().data;
    const reasonOf = (id: string) =>
      data.find((u: { userId: string }) => u.userId === id)?.recommendationReason;
    expect(reasonOf(teacher.id)).toBe('study_groups');
    expect(reasonOf(classmate.id)).toBe('study_groups');
    expect(reasonOf(former.id)).toBe('popular');
    expect(
      data
        .slice(0, 2)
        .map((u: { userId: string }) => u.userId)
        .sort(),
    ).toEqual([teacher.id, classmate.id].sort());
  });
});

describe('Web Push', () => {
  /** A local HTTP server standing in for the browser vendor's push service. */
  async function pushService(status: number) {
    const received: { headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { endpoint: `http://127.0.0.1:${port}/push/${randomBytes(6).toString('hex')}`, received, server };
  }
  const browserKeys = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
  };

  it('sends an encrypted, VAPID-signed request to a subscribed device', async () => {
    const ana = await createUser(t.app);
    const service = await pushService(201);
    try {
      const asAna = await as(ana);
      const key = (await asAna.get('/api/push/public-key')).json().data.publicKey;
      expect(Buffer.from(key, 'base64url')).toHaveLength(65);
      const saved = await asAna.post('/api/push/subscriptions', {
        endpoint: service.endpoint,
        keys: browserKeys(),
      });
      expect(saved.statusCode).toBe(201);
      deliver(t.app.ctx, [
        await systemNotice(ana.id, { title: 'Sequência de 7 dias!', type: 'achievement' }),
      ]);
      await t.app.ctx.jobs.drain();
      expect(service.received).toHaveLength(1);
      const [request] = service.received;
      expect(request?.headers['content-encoding']).toBe('aes128gcm');
      expect(request?.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
      expect(request?.body.includes(Buffer.from('Sequência'))).toBe(false);
      expect(request?.body.length).toBeGreaterThan(100);
    } finally {
      service.server.close();
    }
  });

  it('removes a subscription the push service says is gone (410)', async () => {
    const ana = await createUser(t.app);
    const service = await pushService(410);
    try {
      await (await as(ana)).post('/api/push/subscriptions', {
        endpoint: service.endpoint,
        keys: browserKeys(),
      });
      deliver(t.app.ctx, [await systemNotice(ana.id)]);
      await t.app.ctx.jobs.drain();
      expect(service.received).toHaveLength(1);
      const left = await t.app.ctx.database.db
        .select()
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, ana.id)));
      expect(left).toEqual([]);
    } finally {
      service.server.close();
    }
  });

  it('lets a user turn notifications off on a device', async () => {
    const ana = await createUser(t.app);
    const asAna = await as(ana);
    await asAna.post('/api/push/subscriptions', {
      endpoint: 'https://push.example/abc',
      keys: browserKeys(),
    });
    await asAna.del('/api/push/subscriptions', { endpoint: 'https://push.example/abc' });
    expect(await t.app.ctx.database.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('signing out forgets the device that subscribed in that session, and only that one', async () => {
    const ana = await createUser(t.app);
    const asAnaOnPhone = await as(ana);
    const asAnaOnLaptop = await as(ana);
    await asAnaOnPhone.post('/api/push/subscriptions', {
      endpoint: 'https://push.example/phone',
      keys: browserKeys(),
    });
    await asAnaOnLaptop.post('/api/push/subscriptions', {
      endpoint: 'https://push.example/laptop',
      keys: browserKeys(),
    });
    expect((await asAnaOnPhone.post('/api/auth/logout', {})).statusCode).toBe(200);
    const left = await t.app.ctx.database.db.select().from(pushSubscriptions);
    expect(left.map((row) => row.endpoint)).toEqual(['https://push.example/laptop']);
  });
});
