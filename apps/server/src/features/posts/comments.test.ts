import { COMMENT_MAX, POST_MESSAGES, pageOf, postCommentSchema } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { comments } from '../../db/schema/index.ts';

let t: TestApp;
let cookie: string;
let me: Awaited<ReturnType<typeof createUser>>;
let postId: string;
let postAuthor: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  me = await createUser(t.app, { displayName: 'Bruno Lima' });
  cookie = await signedInAs(t.app, me);
  postAuthor = await createUser(t.app);
  postId = (await createPost(t.app, postAuthor)).id;
});
afterAll(async () => {
  await t.app.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: as } });
const comment = async (content: string, parentId?: string, as = cookie) => {
  const res = await call('POST', `/api/posts/${postId}/comments`, { content, parentId }, as);
  expect(res.statusCode).toBe(201);
  return postCommentSchema.parse(res.json().data);
};
const thread = async () => {
  const res = await call('GET', `/api/posts/${postId}/comments`);
  expect(res.statusCode).toBe(200);
  return pageOf(postCommentSchema).parse(res.json());
};
const commentsCount = async () => (await call('GET', `/api/posts/${postId}`)).json().data.commentsCount;

describe('comments', () => {
  it('adds a trimmed comment as typed, with its author, and counts it', async () => {
    const created = await comment('  Ótima explicação! <b>valeu</b> $x^2$  ');
    expect(created).toMatchObject({
      postId,
      parentId: null,
      content: 'Ótima explicação! <b>valeu</b> $x^2$',
      likesCount: 0,
      isLiked: false,
      author: { id: me.id, displayName: 'Bruno Lima' },
      replies: [],
    });
    expect(await commentsCount()).toBe(1);
  });

  it('lists top-level comments oldest first, with replies one level deep', async () => {
    const first = await comment('Primeiro');
    const second = await comment('Segundo');
    const reply = await comment('Resposta', first.id);
    const replyToReply = await comment('Resposta da resposta', reply.id);
    expect(replyToReply.parentId).toBe(first.id);
    const { data, hasMore } = await thread();
    expect(hasMore).toBe(false);
    expect(data.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(data[0]?.replies.map((c) => c.content)).toEqual(['Resposta', 'Resposta da resposta']);
    expect(data[1]?.replies).toEqual([]);
    expect(await commentsCount()).toBe(4);
  });

  it.each([
    ['an empty comment', '   ', POST_MESSAGES.commentRequired],
    ['a comment that is too long', 'a'.repeat(COMMENT_MAX + 1), POST_MESSAGES.commentTooLong],
  ])('refuses %s (400)', async (_name, content, message) => {
    const res = await call('POST', `/api/posts/${postId}/comments`, { content });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('accepts exactly 2,000 characters', async () => {
    expect((await comment('a'.repeat(COMMENT_MAX))).content).toHaveLength(COMMENT_MAX);
  });

  it('answers 404 for a missing post or a parent from another post', async () => {
    const missing = await call('POST', `/api/posts/${crypto.randomUUID()}/comments`, { content: 'Oi' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(POST_MESSAGES.notFound);
    expect((await call('GET', `/api/posts/${crypto.randomUUID()}/comments`)).statusCode).toBe(404);
    const elsewhere = await createPost(t.app, me);
    const foreign = await call('POST', `/api/posts/${elsewhere.id}/comments`, { content: 'Lá' });
    const res = await call('POST', `/api/posts/${postId}/comments`, {
      content: 'Aqui',
      parentId: foreign.json().data.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Comentário não encontrado.');
  });

  it('keeps commentsCount exact when many comment at once', async () => {
    const cookies = await Promise.all(
      Array.from({ length: 8 }, async () => signedInAs(t.app, await createUser(t.app))),
    );
    await Promise.all(cookies.map((c, i) => comment(`Comentário ${i}`, undefined, c)));
    expect(await commentsCount()).toBe(8);
  });

  it('lets authors delete their comments, replies included, and keeps the count exact', async () => {
    const top = await comment('Vou apagar');
    await comment('Resposta 1', top.id);
    const other = await signedInAs(t.app, await createUser(t.app));
    await comment('Resposta 2', top.id, other);
    const stays = await comment('Fica');
    expect(await commentsCount()).toBe(4);

    const forbidden = await call('DELETE', `/api/comments/${top.id}`, undefined, other);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: POST_MESSAGES.deleteForbidden, code: 'FORBIDDEN' });

    const res = await call('DELETE', `/api/comments/${top.id}`);
    expect(res.statusCode).toBe(200);
    expect((await thread()).data.map((c) => c.id)).toEqual([stays.id]);
    expect(await commentsCount()).toBe(1);
    expect(await t.app.ctx.database.db.select().from(comments)).toHaveLength(1);
    expect((await call('DELETE', `/api/comments/${top.id}`)).statusCode).toBe(404);
  });

  it('deletes a single reply', async () => {
    const top = await comment('Topo');
    const reply = await comment('Resposta', top.id);
    expect((await call('DELETE', `/api/comments/${reply.id}`)).statusCode).toBe(200);
    expect((await thread()).data[0]?.replies).toEqual([]);
    expect(await commentsCount()).toBe(1);
  });

  it('likes and unlikes a comment idempotently with an exact count', async () => {
    const created = await comment('Curtam');
    const url = `/api/comments/${created.id}/like`;
    expect((await call('POST', url)).json()).toEqual({ data: { isLiked: true, likesCount: 1 } });
    expect((await call('POST', url)).json()).toEqual({ data: { isLiked: true, likesCount: 1 } });
    const others = await Promise.all(
      Array.from({ length: 5 }, async () => signedInAs(t.app, await createUser(t.app))),
    );
    await Promise.all(others.map((c) => call('POST', url, undefined, c)));
    expect((await thread()).data[0]).toMatchObject({ likesCount: 6, isLiked: true });
    expect((await call('DELETE', url)).json()).toEqual({ data: { isLiked: false, likesCount: 5 } });
    expect((await call('DELETE', url)).json()).toEqual({ data: { isLiked: false, likesCount: 5 } });
  });

  it('answers 404 for liking or deleting a missing comment', async () => {
    for (const [method, url] of [
      ['POST', `/api/comments/${crypto.randomUUID()}/like`],
      ['DELETE', `/api/comments/${crypto.randomUUID()}/like`],
      ['DELETE', `/api/comments/${crypto.randomUUID()}`],
      ['POST', '/api/comments/nao-existe/like'],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Comentário não encontrado.');
    }
  });

  it('goes away with its post', async () => {
    await comment('Some junto');
    expect(
      (await call('DELETE', `/api/posts/${postId}`, undefined, await signedInAs(t.app, postAuthor)))
        .statusCode,
    ).toBe(200);
    expect(await t.app.ctx.database.db.select().from(comments)).toHaveLength(0);
  });
});
