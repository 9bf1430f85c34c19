import { MEDIA_ALT_MAX, MEDIA_ALT_MESSAGES, postSchema } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { as, createUser, uploadedMedia } from '../../../test/factories.ts';
import { posts } from '../../db/schema/index.ts';

// Issue 36: a photo's description for screen readers, written in the composer, is the feed's alt text.
let t: TestApp;
let me: Awaited<ReturnType<typeof createUser>>;
let ana: Awaited<ReturnType<typeof as>>;
let bruno: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  me = await createUser(t.app, { displayName: 'Ana Souza' });
  ana = await as(t.app, me);
  bruno = await as(t.app, await createUser(t.app, { displayName: 'Bruno Lima' }));
});
afterAll(async () => {
  await t.app.close();
});

const stored = async (id: string) =>
  (await t.app.ctx.database.db.select().from(posts).where(eq(posts.id, id)))[0];
const twoPhotos = async () => [await uploadedMedia(t.app, me), await uploadedMedia(t.app, me)] as const;

describe("a photo post's descriptions (alt text)", () => {
  it('stores each description with its photo, trimmed, and shows it to readers in the feed', async () => {
    const [a, b] = await twoPhotos();
    const res = await ana.post('/api/posts', {
      type: 'photo',
      content: 'Meus resumos',
      mediaUrls: [a, b],
      mediaAlts: ['  Mapa mental de genética com as leis de Mendel  ', '   '],
    });
    expect(res.statusCode).toBe(201);
    const post = postSchema.parse(res.json().data);
    expect(post.media[0]?.alt).toBe('Mapa mental de genética com as leis de Mendel');
    // A blank description is none: that photo has no alt of its own.
    expect(post.media[1]).not.toHaveProperty('alt');
    expect((await stored(post.id))?.mediaAlts).toEqual({
      [a]: 'Mapa mental de genética com as leis de Mendel',
    });

    const feed = await bruno.get('/api/posts');
    expect(feed.json().data[0].media).toEqual([
      { url: a, sensitivity: 'ok', alt: 'Mapa mental de genética com as leis de Mendel' },
      { url: b, sensitivity: 'ok' },
    ]);
  });

  it('takes a photo post without descriptions, as before', async () => {
    const [a] = await twoPhotos();
    const res = await ana.post('/api/posts', { type: 'photo', mediaUrls: [a] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.media).toEqual([{ url: a, sensitivity: 'ok' }]);
  });

  it.each([
    [
      'a description too long',
      (a: string) => [a],
      ['x'.repeat(MEDIA_ALT_MAX + 1)],
      MEDIA_ALT_MESSAGES.tooLong,
    ],
    [
      'more descriptions than photos',
      (a: string) => [a],
      ['Um gráfico', 'Outro'],
      MEDIA_ALT_MESSAGES.tooMany,
    ],
  ])('refuses %s (400) and stores nothing', async (_name, urls, mediaAlts, message) => {
    const [a] = await twoPhotos();
    const res = await ana.post('/api/posts', { type: 'photo', mediaUrls: urls(a), mediaAlts });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'VALIDATION_ERROR' });
    expect(await t.app.ctx.database.db.select().from(posts)).toEqual([]);
  });

  it('refuses descriptions on an attachment post', async () => {
    const pdf = await uploadedMedia(t.app, me, 'post_attachment');
    const res = await ana.post('/api/posts', { type: 'attachment', mediaUrls: [pdf], mediaAlts: ['Lista'] });
    expect(res.statusCode).toBe(400);
  });

  it('keeps the description of a photo kept by an edit, and takes new ones sent with the links', async () => {
    const [a, b] = await twoPhotos();
    const created = await ana.post('/api/posts', {
      type: 'photo',
      mediaUrls: [a, b],
      mediaAlts: ['Tabela periódica', 'Fórmulas de Física'],
    });
    const id = created.json().data.id as string;

    const dropped = await ana.patch(`/api/posts/${id}`, { mediaUrls: [b] });
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json().data.media).toEqual([{ url: b, sensitivity: 'ok', alt: 'Fórmulas de Física' }]);
    expect((await stored(id))?.mediaAlts).toEqual({ [b]: 'Fórmulas de Física' });

    const described = await ana.patch(`/api/posts/${id}`, {
      mediaUrls: [b],
      mediaAlts: ['Fórmulas de Cinemática'],
    });
    expect(described.statusCode).toBe(200);
    expect(described.json().data.media[0].alt).toBe('Fórmulas de Cinemática');
  });
});
