import { HASHTAG_MAX, SEARCH_MESSAGES } from '@estudai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, createPost, createUser } from '../../../test/factories.ts';

// Issue 21's bad input 'a hashtag of 101 characters': refused with a pt-BR 400 wherever a post's
// or comment's text is written, and nothing is stored; 100 characters are a hashtag like any other.

let t: TestApp;
let ana: Awaited<ReturnType<typeof as>>;
let author: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  author = await createUser(t.app, { displayName: 'Ana Souza' });
  ana = await as(t.app, author);
});
afterAll(async () => {
  await t.app.close();
});

const tag = (length: number) => `#${'a'.repeat(length)}`;
const refused = { error: SEARCH_MESSAGES.hashtagTooLong, code: 'VALIDATION_ERROR' };

describe('a hashtag longer than HASHTAG_MAX', () => {
  it('is refused in a new post, of any type, and nothing is posted', async () => {
    const before = (await ana.get('/api/posts')).json().data.length;
    const text = await ana.post('/api/posts', {
      type: 'text',
      content: `Revisão ${tag(HASHTAG_MAX + 1)} hoje`,
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual(refused);
    const photo = await ana.post('/api/posts', {
      type: 'photo',
      content: tag(HASHTAG_MAX + 1),
      mediaUrls: ['https://example.com/a.png'],
    });
    expect(photo.statusCode).toBe(400);
    expect(photo.json()).toEqual(refused);
    expect((await ana.get('/api/posts')).json().data).toHaveLength(before);
  });

  it('is accepted at HASHTAG_MAX characters, and as a tag it is searchable', async () => {
    const res = await ana.post('/api/posts', { type: 'text', content: `Revisão ${tag(HASHTAG_MAX)}` });
    expect(res.statusCode).toBe(201);
    const found = await ana.get(`/api/search?type=posts&q=${encodeURIComponent(tag(HASHTAG_MAX))}`);
    expect(found.json().data.map((post: { id: string }) => post.id)).toContain(res.json().data.id);
  });

  it("is refused when editing a post, which keeps its text, and in a comment or a comment's edit", async () => {
    const post = await createPost(t.app, author, { content: 'Texto original #enem' });
    const edit = await ana.patch(`/api/posts/${post.id}`, { content: `Novo ${tag(HASHTAG_MAX + 1)}` });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual(refused);
    expect((await ana.get(`/api/posts/${post.id}`)).json().data.content).toBe('Texto original #enem');

    const comment = await ana.post(`/api/posts/${post.id}/comments`, { content: tag(HASHTAG_MAX + 1) });
    expect(comment.statusCode).toBe(400);
    expect(comment.json()).toEqual(refused);
    const ok = await ana.post(`/api/posts/${post.id}/comments`, { content: 'Boa! #enem' });
    expect(ok.statusCode).toBe(201);
    const commentId = ok.json().data.id;
    const commentEdit = await ana.patch(`/api/comments/${commentId}`, { content: tag(HASHTAG_MAX + 1) });
    expect(commentEdit.statusCode).toBe(400);
    expect(commentEdit.json()).toEqual(refused);
    const list = await ana.get(`/api/posts/${post.id}/comments`);
    expect(list.json().data.map((item: { content: string }) => item.content)).toEqual(['Boa! #enem']);
  });

  it('does not count a long word after a letter or an entity as a hashtag', async () => {
    const res = await ana.post('/api/posts', {
      type: 'text',
      content: `C${tag(HASHTAG_MAX + 5)} &${tag(HASHTAG_MAX + 5)}`,
    });
    expect(res.statusCode).toBe(201);
  });
});
