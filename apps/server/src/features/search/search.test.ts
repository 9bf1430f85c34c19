import {
  SEARCH_MESSAGES,
  SEARCH_PAGE_SIZE,
  searchGroupsPageSchema,
  searchPeoplePageSchema,
  searchPostsPageSchema,
  searchQuestionsPageSchema,
  TRENDING_TAGS_LIMIT,
  trendingTagSchema,
} from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createMinor, createPost, createUser } from '../../../test/factories.ts';
import { follows, users } from '../../db/schema/index.ts';
import { HASHTAG_TOO_LONG } from './search.service.ts';

// Issue 21: GET /api/search?q=&type=people|posts|groups|questions&cursor=

type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;
let ana: User;
let viewer: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});
beforeEach(async () => {
  await resetTestApp(t);
  ana = await createUser(t.app, { displayName: 'Ana Souza', username: 'ana.souza' });
  viewer = await as(t.app, ana);
});

const find = async (q: string, type: string, cursor?: string) => {
  const params = new URLSearchParams({ q, type, ...(cursor ? { cursor } : {}) });
  const res = await viewer.get(`/api/search?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/search, people', () => {
  it('finds people by name and @username, without accents or case', async () => {
    const joao = await createUser(t.app, { displayName: 'João Araújo', username: 'joao.araujo' });
    await createUser(t.app, { displayName: 'Bruno Lima', username: 'bruno' });
    const byName = searchPeoplePageSchema.parse(await find('JOAO araujo', 'people'));
    expect(byName.data.map((person) => person.id)).toEqual([joao.id]);
    const byUsername = searchPeoplePageSchema.parse(await find('@joao.araujo', 'people'));
    expect(byUsername.data).toEqual([expect.objectContaining({ id: joao.id, isFollowing: false })]);
    expect((await find('ninguém-assim', 'people')).data).toEqual([]);
  });

  it('puts the exact @username first and pages with a cursor', async () => {
    for (let index = 0; index < SEARCH_PAGE_SIZE + 2; index++) {
      await createUser(t.app, { displayName: `Carla Estudante ${index}`, username: `carla${index}` });
    }
    const exact = await createUser(t.app, { displayName: 'Prof. Mendes', username: 'carla' });
    const first = searchPeoplePageSchema.parse(await find('carla', 'people'));
    expect(first.data[0]?.id).toBe(exact.id);
    expect(first.data).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const second = searchPeoplePageSchema.parse(await find('carla', 'people', first.nextCursor ?? ''));
    expect(second.data).toHaveLength(3);
    expect(second.hasMore).toBe(false);
    const seen = new Set([...first.data, ...second.data].map((person) => person.id));
    expect(seen.size).toBe(SEARCH_PAGE_SIZE + 3);
  });

  it('does not offer a minor to an adult, nor someone who turned discovery off, unless they follow each other', async () => {
    const teen = await createMinor(t.app, 15, { displayName: 'Lucas Teixeira', username: 'lucas.t' });
    const hidden = await createUser(t.app, { displayName: 'Lucas Oculto', discoverable: false });
    expect((await find('lucas', 'people')).data).toEqual([]);
    await t.app.ctx.database.db.insert(follows).values([
      { followerId: ana.id, followingId: hidden.id },
      { followerId: teen.id, followingId: ana.id },
    ]);
    const found = searchPeoplePageSchema.parse(await find('lucas', 'people'));
    expect(found.data.map((person) => person.id).sort()).toEqual([hidden.id, teen.id].sort());
    // Another teen finds the teen.
    const classmate = await as(t.app, await createMinor(t.app, 15));
    const res = await classmate.get('/api/search?q=lucas&type=people');
    expect(res.json().data.map((person: { id: string }) => person.id)).toContain(teen.id);
  });
});

describe('GET /api/search, posts', () => {
  it('finds Portuguese words without accents and by their stem', async () => {
    const carla = await createUser(t.app, { displayName: 'Carla Mendes' });
    const acao = await createPost(t.app, carla, { content: 'Ação e reação: a terceira lei de Newton.' });
    const derivada = await createPost(t.app, carla, { content: 'Uma derivada por dia até o ENEM.' });
    await createPost(t.app, carla, { content: 'Revisão de genética.' });
    const byAccent = searchPostsPageSchema.parse(await find('acao', 'posts'));
    expect(byAccent.data.map((post) => post.id)).toEqual([acao.id]);
    const byStem = searchPostsPageSchema.parse(await find('derivadas', 'posts'));
    expect(byStem.data.map((post) => post.id)).toEqual([derivada.id]);
  });

  it('finds plurals by their singular and back, with or without accents', async () => {
    const carla = await createUser(t.app);
    const funcao = await createPost(t.app, carla, { content: 'Resumo: função afim e seus gráficos.' });
    const equacoes = await createPost(t.app, carla, { content: 'Lista de equações do 2º grau.' });
    const integrais = await createPost(t.app, carla, { content: 'Integrais por partes, passo a passo.' });
    const parcial = await createPost(t.app, carla, { content: 'Derivada parcial em uma questão de física.' });
    const ids = async (q: string) =>
      searchPostsPageSchema.parse(await find(q, 'posts')).data.map((post) => post.id);
    for (const [q, post] of [
      ['funções', funcao],
      ['funcoes', funcao],
      ['equação', equacoes],
      ['equacao', equacoes],
      ['integral', integrais],
      ['parciais', parcial],
    ] as const) {
      expect(await ids(q), q).toEqual([post.id]);
    }
  });

  it('finds a #hashtag, and not the word inside another tag', async () => {
    const carla = await createUser(t.app);
    const tagged = await createPost(t.app, carla, { content: 'Lista nova #Funções do 1º grau' });
    await createPost(t.app, carla, { content: 'Funções sem hashtag' });
    await createPost(t.app, carla, { content: 'Outra lista #funcoesquadraticas' });
    const found = searchPostsPageSchema.parse(await find('#funcoes', 'posts'));
    expect(found.data.map((post) => post.id)).toEqual([tagged.id]);
  });

  it('pages newest first with a signed cursor, and refuses an altered one', async () => {
    const carla = await createUser(t.app);
    const now = Date.now();
    for (let index = 0; index < SEARCH_PAGE_SIZE + 1; index++) {
      await createPost(t.app, carla, {
        content: `Exercício ${index} de cinemática`,
        createdAt: new Date(now - index * 60_000),
      });
    }
    const first = searchPostsPageSchema.parse(await find('cinematica', 'posts'));
    expect(first.data).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.data[0]?.content).toBe('Exercício 0 de cinemática');
    const second = searchPostsPageSchema.parse(await find('cinematica', 'posts', first.nextCursor ?? ''));
    expect(second.data.map((post) => post.content)).toEqual([`Exercício ${SEARCH_PAGE_SIZE} de cinemática`]);
    const altered = await viewer.get(`/api/search?q=cinematica&type=posts&cursor=${first.nextCursor}x`);
    expect(altered.statusCode).toBe(400);
  });

  it('keeps a group’s posts for its members', async () => {
    const carla = await createUser(t.app);
    const group = await createGroup(t.app, carla);
    await createPost(t.app, carla, { content: 'Gabarito comentado de termologia', studyGroupId: group.id });
    expect((await find('termologia', 'posts')).data).toEqual([]);
    await addMember(t.app, group, ana);
    expect((await find('termologia', 'posts')).data).toHaveLength(1);
  });
});

describe('GET /api/search, groups and questions', () => {
  it('finds groups by name, category and owner’s name, without accents', async () => {
    const carla = await createUser(t.app, { displayName: 'Carla Mendes', userType: 'professor' });
    const group = await createGroup(t.app, carla, { name: 'Álgebra sem medo', category: 'matematica' });
    const own = await createGroup(t.app, ana, { name: 'Meu grupo de álgebra', category: 'matematica' });
    for (const q of ['algebra', 'matematica', 'Carla']) {
      const found = searchGroupsPageSchema.parse(await find(q, 'groups'));
      expect(found.data.map((found) => found.id)).toContain(group.id);
    }
    // The viewer's own groups are found too.
    expect((await find('meu grupo', 'groups')).data.map((found: { id: string }) => found.id)).toEqual([
      own.id,
    ]);
  });

  it('finds questions of the bank by their statement', async () => {
    const carla = await createUser(t.app);
    await createPost(t.app, carla, {
      type: 'question',
      content: 'Qual é a aceleração da gravidade?',
      questionData: {
        question: 'Qual é a aceleração da gravidade?',
        options: ['9,8 m/s²', '1 m/s²'],
        correctAnswer: 0,
        explanation: 'Na superfície da Terra.',
      },
    });
    const found = searchQuestionsPageSchema.parse(await find('aceleracao', 'questions'));
    expect(found.data).toHaveLength(1);
  });
});

describe('GET /api/search, bad input', () => {
  it('answers each with a pt-BR 400', async () => {
    const cases: [string, string][] = [
      ['/api/search?type=people', SEARCH_MESSAGES.queryEmpty],
      ['/api/search?q=%20%20&type=people', SEARCH_MESSAGES.queryEmpty],
      [`/api/search?q=${'a'.repeat(201)}`, SEARCH_MESSAGES.queryTooLong],
      ['/api/search?q=ana&type=tudo', SEARCH_MESSAGES.typeInvalid],
      ['/api/search?q=ana&type=people&cursor=-1', SEARCH_MESSAGES.cursorInvalid],
      [`/api/search?q=%23${'a'.repeat(101)}&type=posts`, HASHTAG_TOO_LONG],
    ];
    for (const [url, message] of cases) {
      const res = await viewer.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: message, code: expect.any(String) });
    }
    expect((await viewer.get(`/api/search?q=${'a'.repeat(200)}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=ana' })).statusCode).toBe(401);
  });
});

describe('GET /api/search/trending-tags', () => {
  const trending = async () => {
    const res = await viewer.get('/api/search/trending-tags');
    expect(res.statusCode, res.body).toBe(200);
    return z.object({ data: z.array(trendingTagSchema) }).parse(res.json()).data;
  };
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

  it('counts the main feed’s hashtags of the last 7 days, the most used first, a post once per tag', async () => {
    const carla = await createUser(t.app);
    const bruno = await createUser(t.app);
    await createPost(t.app, carla, { content: 'Lista de #Funções e #ENEM' });
    await createPost(t.app, bruno, { content: '#funcoes de novo, #funcoes duas vezes no mesmo post' });
    await createPost(t.app, ana, { content: 'Simulado #enem amanhã. #Física', createdAt: daysAgo(6) });
    await createPost(t.app, bruno, { content: '#funcoes' });
    // Too old, in a group, hidden, by a suspended author, an e-mail, a tag glued to a word: not counted.
    await createPost(t.app, carla, { content: '#antiga #funcoes', createdAt: daysAgo(8) });
    const group = await createGroup(t.app, carla);
    await addMember(t.app, group, ana);
    await createPost(t.app, carla, { content: '#dogrupo', studyGroupId: group.id });
    await createPost(t.app, carla, { content: '#escondida', hiddenAt: new Date() });
    const suspended = await createUser(t.app);
    await createPost(t.app, suspended, { content: '#suspensa' });
    await t.app.ctx.database.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, suspended.id));
    await createPost(t.app, bruno, { content: 'escreva para a#colada ou ana#b' });
    await createPost(t.app, bruno, { content: `#${'a'.repeat(101)}` });

    expect(await trending()).toEqual([
      { tag: 'funcoes', postsCount: 3 },
      { tag: 'enem', postsCount: 2 },
      { tag: 'fisica', postsCount: 1 },
    ]);
  });

  it('keeps the most used ones only, ties by name, and needs a session', async () => {
    const carla = await createUser(t.app);
    for (let index = 0; index < TRENDING_TAGS_LIMIT + 2; index++) {
      await createPost(t.app, carla, { content: `#tag${String(index).padStart(2, '0')}` });
    }
    await createPost(t.app, carla, { content: '#tag11 #tag05' });
    const tags = await trending();
    expect(tags).toHaveLength(TRENDING_TAGS_LIMIT);
    expect(tags.slice(0, 3)).toEqual([
      { tag: 'tag05', postsCount: 2 },
      { tag: 'tag11', postsCount: 2 },
      { tag: 'tag00', postsCount: 1 },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/search/trending-tags' })).statusCode).toBe(401);
  });
});
