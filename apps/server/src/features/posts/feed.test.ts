import { randomUUID } from 'node:crypto';
import { pageOf, postSchema } from '@estudai/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createTestPostgresDatabase, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { openPostgres } from '../../db/client.ts';
import { postSaves, posts } from '../../db/schema/index.ts';

let t: TestApp;
let cookie: string;
let me: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  me = await createUser(t.app);
  cookie = await signedInAs(t.app, me);
});
afterAll(async () => {
  await t.app.close();
});

const get = (url: string, as = cookie) => t.app.inject({ method: 'GET', url, headers: { cookie: as } });
const page = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  return pageOf(postSchema).parse(res.json());
};

/** `n` posts one second apart, oldest first; returns them newest first, as the feed lists them. */
async function seedPosts(n: number, author = me, start = Date.now() - n * 1000) {
  const created = [];
  for (let i = 0; i < n; i++) {
    created.push(
      await createPost(t.app, author, { content: `Post ${i}`, createdAt: new Date(start + i * 1000) }),
    );
  }
  return created.reverse();
}

describe('GET /api/posts (main feed)', () => {
  it('lists main-feed posts newest first, 10 by default, with hasMore and a cursor', async () => {
    const posts = await seedPosts(12);
    const first = await page('/api/posts');
    expect(first.data.map((p) => p.id)).toEqual(posts.slice(0, 10).map((p) => p.id));
    expect(first.hasMore).toBe(true);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page('/api/posts?page=2');
    expect(second.data.map((p) => p.id)).toEqual(posts.slice(10).map((p) => p.id));
    expect(second).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('honours limit', async () => {
    await seedPosts(3);
    const res = await page('/api/posts?limit=2');
    expect(res.data).toHaveLength(2);
    expect(res.hasMore).toBe(true);
    expect((await page('/api/posts?limit=50')).data).toHaveLength(3);
  });

  it('walks the whole feed by cursor, each post exactly once, even when a post is published meanwhile', async () => {
    const posts = await seedPosts(7);
    const seen: string[] = [];
    let res = await page('/api/posts?limit=3');
    seen.push(...res.data.map((p) => p.id));
    // Someone publishes while we scroll: offset paging would show the third post again.
    await createPost(t.app, me, { content: 'novinho' });
    expect((await page('/api/posts?limit=3&page=2')).data[0]?.id).toBe(posts[2]?.id);
    while (res.nextCursor) {
      res = await page(`/api/posts?limit=3&cursor=${encodeURIComponent(res.nextCursor)}`);
      seen.push(...res.data.map((p) => p.id));
    }
    expect(seen).toEqual(posts.map((p) => p.id));
    expect(res.hasMore).toBe(false);
  });

  it('orders posts of the same millisecond by id, without skipping or repeating', async () => {
    const at = new Date('2025-10-01T12:00:00.000Z');
    const posts = await Promise.all(
      Array.from({ length: 5 }, () => createPost(t.app, me, { createdAt: at })),
    );
    const expected = posts
      .map((p) => p.id)
      .sort()
      .reverse();
    const seen: string[] = [];
    let cursor = '';
    do {
      const res = await page(`/api/posts?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...res.data.map((p) => p.id));
      cursor = res.nextCursor ?? '';
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it.each([
    ['page=0', 'A página deve ser um número inteiro a partir de 1.'],
    ['page=abc', 'A página deve ser um número inteiro a partir de 1.'],
    ['page=1.5', 'A página deve ser um número inteiro a partir de 1.'],
    ['limit=1000', 'O limite deve ser um número inteiro entre 1 e 50.'],
    ['limit=0', 'O limite deve ser um número inteiro entre 1 e 50.'],
    ['limit=-3', 'O limite deve ser um número inteiro entre 1 e 50.'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await get(`/api/posts?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('refuses a tampered, foreign or garbage cursor with 400', async () => {
    await seedPosts(3);
    const { nextCursor } = await page('/api/posts?limit=1');
    if (!nextCursor) throw new Error('expected a cursor');
    const [body, signature] = nextCursor.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, t: '2030-01-01T00:00:00.000Z' })).toString(
      'base64url',
    );
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const cursor of [
      `${forged}.${signature}`,
      `${body}.${flipped}`,
      'abc',
      `${body}.`,
      'x'.repeat(201),
    ]) {
      const res = await get(`/api/posts?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Cursor inválido.');
    }
    // A cursor of the feed is not one of the saved list.
    expect((await get(`/api/posts/saved?cursor=${encodeURIComponent(nextCursor)}`)).statusCode).toBe(400);
  });

  it("shows the viewer's own likes and saves, and exact counts", async () => {
    const [post] = await seedPosts(1);
    const others = await Promise.all([createUser(t.app), createUser(t.app)]);
    for (const other of others) {
      await t.app.inject({
        method: 'POST',
        url: `/api/posts/${post?.id}/like`,
        headers: { cookie: await signedInAs(t.app, other) },
      });
    }
    expect((await page('/api/posts')).data[0]).toMatchObject({
      likesCount: 2,
      isLiked: false,
      isSaved: false,
    });
    await t.app.inject({ method: 'POST', url: `/api/posts/${post?.id}/like`, headers: { cookie } });
    await t.app.inject({ method: 'POST', url: `/api/posts/${post?.id}/save`, headers: { cookie } });
    expect((await page('/api/posts')).data[0]).toMatchObject({ likesCount: 3, isLiked: true, isSaved: true });
  });

  it('leaves out posts by suspended authors', async () => {
    const suspended = await createUser(t.app, { suspendedAt: new Date() });
    await createPost(t.app, suspended);
    const [mine] = await seedPosts(1);
    expect((await page('/api/posts')).data.map((p) => p.id)).toEqual([mine?.id]);
  });
});

describe('main-feed pages kept in memory, following the data', () => {
  /** Edits a post behind the API's back: a page still showing 'Post 0' was served from memory. */
  const editBehindTheApi = (postId: string | undefined) =>
    t.app.ctx.database.db
      .update(posts)
      .set({ content: 'Editado direto no banco' })
      .where(eq(posts.id, postId ?? ''));
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, as: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: as }, ...(payload ? { payload } : {}) });

  it('keeps the page through a chat message, a mark read and a follow by others', async () => {
    const [post] = await seedPosts(1);
    const ana = await createUser(t.app);
    const bruno = await createUser(t.app);
    const [asAna, asBruno] = [await signedInAs(t.app, ana), await signedInAs(t.app, bruno)];
    await send('POST', `/api/users/${bruno.id}/follow`, asAna);
    await send('POST', `/api/users/${ana.id}/follow`, asBruno);
    const conversation = await send('POST', '/api/chat/conversations', asAna, { otherUserId: bruno.id });
    await page('/api/posts');
    await editBehindTheApi(post?.id);

    const message = await send(
      'POST',
      `/api/chat/conversations/${conversation.json().data.id}/messages`,
      asAna,
      {
        content: 'Bora estudar?',
      },
    );
    expect(message.statusCode).toBe(201);
    expect((await send('POST', '/api/notifications/read-all', asBruno)).statusCode).toBe(200);
    expect((await send('POST', `/api/users/${me.id}/follow`, asAna)).statusCode).toBe(200);
    expect((await page('/api/posts')).data[0]?.content).toBe('Post 0');
  });

  it("drops the follower's own pages when they follow someone, no one else's", async () => {
    const [post] = await seedPosts(1);
    const ana = await createUser(t.app);
    const asAna = await signedInAs(t.app, ana);
    await page('/api/posts');
    await get('/api/posts', asAna);
    await editBehindTheApi(post?.id);
    await send('POST', `/api/users/${me.id}/follow`, asAna);
    expect((await get('/api/posts', asAna)).json().data[0].content).toBe('Editado direto no banco');
    expect((await page('/api/posts')).data[0]?.content).toBe('Post 0');
  });

  it("keeps each viewer's page their own, and shows another user's like at the next read", async () => {
    const [post] = await seedPosts(1);
    const ana = await signedInAs(t.app, await createUser(t.app));
    expect((await page('/api/posts')).data[0]).toMatchObject({ likesCount: 0, isLiked: false });
    await t.app.inject({ method: 'POST', url: `/api/posts/${post?.id}/like`, headers: { cookie: ana } });
    expect((await page('/api/posts')).data[0]).toMatchObject({ likesCount: 1, isLiked: false });
    expect((await get('/api/posts', ana)).json().data[0]).toMatchObject({ likesCount: 1, isLiked: true });
    expect((await page('/api/posts')).data[0]).toMatchObject({ likesCount: 1, isLiked: false });
  });

  it('keeps every page through a like, with the new count written into the pages showing the post', async () => {
    const seeded = await seedPosts(3);
    const ana = await signedInAs(t.app, await createUser(t.app));
    const before = (await page('/api/posts?page=3&limit=1')).data[0];
    await page('/api/posts?limit=1');
    await editBehindTheApi(seeded[0]?.id);
    await editBehindTheApi(seeded[2]?.id);
    await send('POST', `/api/posts/${seeded[2]?.id}/like`, ana);
    // Both pages still come from memory (the edits behind the API do not show); the liked post's
    // count is the new one, and only its liker's own pages show the heart.
    expect((await page('/api/posts?page=3&limit=1')).data[0]).toEqual({ ...before, likesCount: 1 });
    expect((await page('/api/posts?limit=1')).data[0]?.content).toBe('Post 2');
    expect(t.app.ctx.feedCache.size).toBe(2);
    expect((await get('/api/posts?page=3&limit=1', ana)).json().data[0]).toMatchObject({
      content: 'Editado direto no banco',
      likesCount: 1,
      isLiked: true,
    });
    await send('DELETE', `/api/posts/${seeded[2]?.id}/like`, ana);
    expect((await page('/api/posts?page=3&limit=1')).data[0]).toEqual({ ...before, likesCount: 0 });
    expect((await get('/api/posts?page=3&limit=1', ana)).json().data[0]).toMatchObject({
      likesCount: 0,
      isLiked: false,
    });
  });

  it('shows an edit by the author at the very next read', async () => {
    const [post] = await seedPosts(1);
    expect((await page('/api/posts')).data[0]).toMatchObject({ content: 'Post 0', editedAt: null });
    const edited = await send('PATCH', `/api/posts/${post?.id}`, cookie, { content: 'Post 0, corrigido' });
    expect(edited.statusCode).toBe(200);
    expect((await page('/api/posts')).data[0]).toMatchObject({
      content: 'Post 0, corrigido',
      editedAt: expect.any(String),
    });
  });

  it("shows another user's answer and a new post at the very next read", async () => {
    const question = await createPost(t.app, me, { type: 'question' });
    const ana = await signedInAs(t.app, await createUser(t.app));
    expect((await page('/api/posts')).data[0]?.id).toBe(question.id);
    await editBehindTheApi(question.id);
    const answer = await send('POST', `/api/posts/${question.id}/answer`, ana, { optionIndex: 1 });
    expect(answer.statusCode).toBe(201);
    expect((await page('/api/posts')).data[0]?.content).toBe('Editado direto no banco');
    const created = await send('POST', '/api/posts', ana, {
      type: 'text',
      content: 'Novo resumo de química',
    });
    expect(created.statusCode).toBe(201);
    expect((await page('/api/posts')).data[0]?.content).toBe('Novo resumo de química');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.REDIS_URL)(
  'feed pages on two server processes (PostgreSQL + Redis)',
  () => {
    it('drops the page on process 2 when a post it shows is liked through process 1', async () => {
      const shared = await createTestPostgresDatabase();
      const options = { redisUrl: process.env.REDIS_URL, redisKeyPrefix: `estudai-test-${randomUUID()}:` };
      const one = await buildTestApp(options, { database: await openPostgres(shared.url, { max: 3 }) });
      const two = await buildTestApp(options, { database: await openPostgres(shared.url, { max: 3 }) });
      try {
        const author = await createUser(one.app);
        const post = await createPost(one.app, author);
        const reader = await signedInAs(two.app, await createUser(two.app));
        const read = async () =>
          (await two.app.inject({ method: 'GET', url: '/api/posts', headers: { cookie: reader } })).json()
            .data[0];
        expect(await read()).toMatchObject({ id: post.id, likesCount: 0 });
        const heard = new Promise<void>((resolve) =>
          two.app.ctx.bus.subscribe('post.liked', () => resolve()),
        );
        const liker = await signedInAs(one.app, await createUser(one.app));
        await one.app.inject({
          method: 'POST',
          url: `/api/posts/${post.id}/like`,
          headers: { cookie: liker },
        });
        await heard;
        expect(await read()).toMatchObject({ id: post.id, likesCount: 1 });
      } finally {
        await one.app.close();
        await two.app.close();
        await shared.drop();
      }
    });
  },
);

describe('GET /api/posts/saved', () => {
  it('lists what the viewer saved, most recently saved first, by page and by cursor', async () => {
    const posts = await seedPosts(4, await createUser(t.app));
    const saveOrder = [posts[2], posts[0], posts[3]];
    for (const [i, post] of saveOrder.entries()) {
      await t.app.inject({ method: 'POST', url: `/api/posts/${post?.id}/save`, headers: { cookie } });
      // Saved one second apart, explicitly: the order must not hang on the clock's resolution.
      await t.app.ctx.database.db
        .update(postSaves)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, i)) })
        .where(and(eq(postSaves.userId, me.id), eq(postSaves.postId, post?.id ?? '')));
    }
    const expected = saveOrder.reverse().map((p) => p?.id);
    const first = await page('/api/posts/saved?limit=2');
    expect(first.data.map((p) => p.id)).toEqual(expected.slice(0, 2));
    expect(first.data.every((p) => p.isSaved)).toBe(true);
    const rest = await page(`/api/posts/saved?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(rest.data.map((p) => p.id)).toEqual(expected.slice(2));
    expect(rest.hasMore).toBe(false);
    const otherViewer = await signedInAs(t.app, await createUser(t.app));
    expect((await get('/api/posts/saved', otherViewer)).json()).toEqual({
      data: [],
      hasMore: false,
      nextCursor: null,
    });
  });
});

describe('GET /api/users/{id}/posts', () => {
  it("lists one author's posts newest first, by page and by cursor", async () => {
    const author = await createUser(t.app);
    const theirs = await seedPosts(3, author);
    await seedPosts(2);
    const first = await page(`/api/users/${author.id}/posts?limit=2`);
    expect(first.data.map((p) => p.id)).toEqual(theirs.slice(0, 2).map((p) => p.id));
    const rest = await page(
      `/api/users/${author.id}/posts?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(rest.data.map((p) => p.id)).toEqual([theirs[2]?.id]);
    expect((await page(`/api/users/${author.id}/posts?page=2&limit=2`)).data.map((p) => p.id)).toEqual([
      theirs[2]?.id,
    ]);
  });

  it('answers 404 for an unknown user and 400 for bad paging', async () => {
    const res = await get(`/api/users/${crypto.randomUUID()}/posts`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Usuário não encontrado.');
    expect((await get(`/api/users/${me.id}/posts?limit=51`)).statusCode).toBe(400);
  });
});
