// 'Palavras ocultas' (issue 43): the settings calls, their bad input, and folding in comments.
import { HIDDEN_WORDS_MESSAGES } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { as, createMinor, createPost, createUser } from '../../../test/factories.ts';
import { DEFAULT_HIDDEN_WORDS } from '../../access/index.ts';
import { hiddenWords } from '../../db/schema/index.ts';

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

const URL = '/api/users/me/hidden-words';
const stored = () => t.app.ctx.database.db.select().from(hiddenWords);

describe('GET/PUT /api/users/me/hidden-words', () => {
  it('an adult starts with an empty list and the defaults off; saves words and may turn the defaults on', async () => {
    const ana = await as(t.app, await createUser(t.app));
    const first = await ana.get(URL);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      words: [],
      defaults: [...DEFAULT_HIDDEN_WORDS],
      defaultsOn: false,
      defaultsLocked: false,
    });
    const saved = await ana.put(URL, { words: ['  spoiler ', 'Ódio', 'odio', 'fim do filme'] });
    expect(saved.statusCode).toBe(200);
    // Trimmed, and one spelling per word (accents and case do not make two).
    expect(saved.json().data.words).toEqual(['spoiler', 'Ódio', 'fim do filme']);
    expect((await ana.get(URL)).json().data.words).toEqual(['spoiler', 'Ódio', 'fim do filme']);
    const on = await ana.put(URL, { words: [], useDefaults: true });
    expect(on.json().data).toMatchObject({ words: [], defaultsOn: true });
    const off = await ana.put(URL, { words: [], useDefaults: false });
    expect(off.json().data.defaultsOn).toBe(false);
  });

  it('a minor has the default list on and locked; may extend and empty their own list', async () => {
    const teen = await as(t.app, await createMinor(t.app, 15));
    expect((await teen.get(URL)).json().data).toMatchObject({
      words: [],
      defaultsOn: true,
      defaultsLocked: true,
    });
    expect((await teen.put(URL, { words: ['chato'] })).json().data).toMatchObject({
      words: ['chato'],
      defaultsOn: true,
    });
    expect((await teen.put(URL, { words: [], useDefaults: true })).json().data).toMatchObject({
      words: [],
      defaultsOn: true,
    });
  });

  it('refuses a minor turning the default list off (403), and changes nothing', async () => {
    const teen = await as(t.app, await createMinor(t.app, 15));
    await teen.put(URL, { words: ['chato'] });
    const res = await teen.put(URL, { words: [], useDefaults: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: HIDDEN_WORDS_MESSAGES.defaultsLocked,
      code: 'HIDDEN_WORDS_DEFAULTS_LOCKED',
    });
    expect((await stored()).map((row) => row.words)).toEqual([['chato']]);
  });

  it.each([
    ['a word over 100 characters', { words: ['a'.repeat(101)] }, HIDDEN_WORDS_MESSAGES.wordTooLong],
    [
      'a list over 200 words',
      { words: Array.from({ length: 201 }, (_, i) => `p${i}`) },
      HIDDEN_WORDS_MESSAGES.tooMany,
    ],
    ['an empty word', { words: ['ok', '   '] }, HIDDEN_WORDS_MESSAGES.wordRequired],
    ['no list', {}, HIDDEN_WORDS_MESSAGES.wordsRequired],
  ])('refuses %s (400 in pt-BR), storing nothing', async (_case, body, message) => {
    const ana = await as(t.app, await createUser(t.app));
    const res = await ana.put(URL, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(await stored()).toEqual([]);
  });

  it('takes exactly 200 words of 100 characters', async () => {
    const ana = await as(t.app, await createUser(t.app));
    const words = Array.from({ length: 200 }, (_, i) => `${i}`.padEnd(100, 'x'));
    expect((await ana.put(URL, { words })).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: URL, payload: { words: [] } })).statusCode).toBe(401);
  });
});

describe('folding comments and replies', () => {
  it('marks the viewer’s hidden words in comments and replies, accent- and case-insensitive, whole words only', async () => {
    const author = await createUser(t.app);
    const reader = await createUser(t.app);
    const post = await createPost(t.app, author);
    const asAuthor = await as(t.app, author);
    const comment = async (content: string, parentId?: string) => {
      const res = await asAuthor.post(`/api/posts/${post.id}/comments`, {
        content,
        ...(parentId ? { parentId } : {}),
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.id as string;
    };
    const top = await comment('Que ÓDIO dessa questão');
    await comment('Resposta com odio também', top);
    await comment('Resposta tranquila', top);
    await comment('Odiosamente difícil');
    const asReader = await as(t.app, reader);
    await asReader.put(URL, { words: ['ódio'] });
    const list = (await asReader.get(`/api/posts/${post.id}/comments`)).json().data;
    expect(list.map((c: { hiddenByWords: boolean }) => c.hiddenByWords)).toEqual([true, false]);
    expect(list[0].replies.map((c: { hiddenByWords: boolean }) => c.hiddenByWords)).toEqual([true, false]);
    // The text is still there: the screen folds it ('ver mesmo assim').
    expect(list[0].content).toBe('Que ÓDIO dessa questão');
    // The author sees nothing folded: their own comments, and no words of theirs.
    const own = (await asAuthor.get(`/api/posts/${post.id}/comments`)).json().data;
    expect(own.every((c: { hiddenByWords: boolean }) => !c.hiddenByWords)).toBe(true);
  });

  it('folds the default list for a minor', async () => {
    const author = await createUser(t.app);
    const post = await createPost(t.app, author);
    await (await as(t.app, author)).post(`/api/posts/${post.id}/comments`, { content: 'Vai se foder' });
    const teen = await as(t.app, await createMinor(t.app, 17));
    const list = (await teen.get(`/api/posts/${post.id}/comments`)).json().data;
    expect(list[0]?.hiddenByWords).toBe(true);
    const adult = await as(t.app, await createUser(t.app));
    expect((await adult.get(`/api/posts/${post.id}/comments`)).json().data[0]?.hiddenByWords).toBe(false);
  });
});
