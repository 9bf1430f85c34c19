import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, createPost, createUser, signedInAs } from '../../../test/factories.ts';

// Issue 22: a feed page kept in memory is compressed once per encoding, not on every request, and
// what the client inflates is exactly the page; a change to the page is in the very next read.

let t: TestApp;
let reader: Awaited<ReturnType<typeof as>>;
let cookie: string;
const BROWSER = 'gzip, deflate, br';

beforeAll(async () => {
  t = await buildTestApp();
  const author = await createUser(t.app, { displayName: 'Carla Mendes' });
  const me = await createUser(t.app, { displayName: 'Ana Souza' });
  for (let i = 0; i < 12; i++)
    await createPost(t.app, author, {
      content: `Revisão de funções, parte ${i}: domínio, imagem e gráfico.`,
    });
  reader = await as(t.app, me);
  cookie = await signedInAs(t.app, me);
});
afterAll(async () => {
  await t.app.close();
});

const feed = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/posts?limit=10',
    headers: { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('the feed page, compressed', () => {
  it('answers gzip or br as asked, and inflates to exactly the uncompressed page', async () => {
    const plain = await feed();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    // A browser's header gets gzip (decision 069), inflatable with an 8 KiB window.
    const gzip = await feed(BROWSER);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(String(gzip.headers.vary)).toMatch(/accept-encoding/i);
    expect(gzip.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zlib.gunzipSync(gzip.rawPayload, { windowBits: 13 }).toString()).toBe(plain.body);

    const br = await feed('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses a kept page once per encoding, however many times it is read', async () => {
    // A new post drops every kept page: the next read queries, keeps and compresses a fresh one.
    const posted = await reader.post('/api/posts', {
      type: 'text',
      content: 'Nova lista de exercícios de logaritmos para o simulado de sábado.',
    });
    expect(posted.statusCode).toBe(201);
    const gzip = vi.spyOn(zlib, 'gzipSync');
    try {
      const replies = [await feed(BROWSER), await feed(BROWSER), await feed(BROWSER)];
      expect(gzip).toHaveBeenCalledTimes(1);
      expect(new Set(replies.map((reply) => reply.rawPayload.toString('base64'))).size).toBe(1);
    } finally {
      gzip.mockRestore();
    }
  });

  it('shows a like in the very next compressed read', async () => {
    const before = JSON.parse(zlib.gunzipSync((await feed(BROWSER)).rawPayload).toString());
    const first = before.data[0];
    expect((await reader.post(`/api/posts/${first.id}/like`)).statusCode).toBe(200);
    const after = JSON.parse(zlib.gunzipSync((await feed(BROWSER)).rawPayload).toString());
    expect(after.data[0]).toMatchObject({ id: first.id, likesCount: first.likesCount + 1, isLiked: true });
  });
});
