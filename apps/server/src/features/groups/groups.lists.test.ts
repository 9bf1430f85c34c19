import { pageOf, studyGroupSchema } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { plansOf } from '../../../test/plans.ts';
import { statementsDuring } from '../../../test/statements.ts';
import { follows, groupRatings } from '../../db/schema/index.ts';
import { loadGroupFacts } from './groups.facts.ts';
import { listAvailableRows, listOwnedGroups } from './groups.queries.ts';
import { RELEVANCE_TAGS } from './relevance.ts';

let t: TestApp;
let carla: Awaited<ReturnType<typeof createUser>>;
let diego: Awaited<ReturnType<typeof createUser>>;
let ana: Awaited<ReturnType<typeof createUser>>;
let anaCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  carla = await createUser(t.app, { userType: 'professor' });
  diego = await createUser(t.app, { userType: 'mentor' });
  ana = await createUser(t.app);
  anaCookie = await signedInAs(t.app, ana);
});
afterAll(async () => {
  await t.app.close();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const list = async (url: string, cookie = anaCookie) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return pageOf(studyGroupSchema).parse(res.json());
};
const names = async (url: string, cookie = anaCookie) =>
  (await list(url, cookie)).data.map((group) => group.name);

describe('GET /api/study-groups/available', () => {
  it('lists active groups the viewer is not in: not their own, not current memberships, not inactive', async () => {
    await createGroup(t.app, carla, { name: 'Aberto' });
    await createGroup(t.app, carla, { name: 'Inativo', isActive: false });
    await addMember(t.app, await createGroup(t.app, carla, { name: 'Já sou membro' }), ana);
    await addMember(t.app, await createGroup(t.app, carla, { name: 'Arquivado' }), ana, {
      archivedAt: new Date(),
    });
    await addMember(t.app, await createGroup(t.app, carla, { name: 'Saí' }), ana, { status: 'left' });
    await addMember(t.app, await createGroup(t.app, carla, { name: 'Expirou' }), ana, {
      expiresAt: minutesAgo(1),
    });
    expect((await names('/api/study-groups/available')).sort()).toEqual(['Aberto', 'Expirou', 'Saí']);
    // The owner does not see their own groups there.
    expect(await names('/api/study-groups/available', await signedInAs(t.app, carla))).toEqual([]);
  });

  it('finds accented names from plain searches, and only those', async () => {
    await createGroup(t.app, carla, { name: 'Física Moderna' });
    await createGroup(t.app, carla, {
      name: 'Redação',
      category: 'portugues',
      description: 'Coesão, coerência e proposta de ação.',
    });
    await createGroup(t.app, carla, { name: 'Biologia', category: 'biologia', description: 'Genética.' });
    expect(await names('/api/study-groups/available?search=fisica')).toEqual(['Física Moderna']);
    expect(await names('/api/study-groups/available?search=acao')).toEqual(['Redação']);
    expect(await names('/api/study-groups/available?search=F%C3%8DSICA')).toEqual(['Física Moderna']);
    expect(await names('/api/study-groups/available?search=%25')).toEqual([]);
    expect(await names('/api/study-groups/available?search=_')).toEqual([]);
    expect(await names('/api/study-groups/available?search=historia')).toEqual([]);
  });

  it("finds groups by their category and by their owner's name, accents and case aside", async () => {
    const carlaNamed = await createUser(t.app, { userType: 'professor', displayName: 'Carla Mendes' });
    await createGroup(t.app, carlaNamed, { name: 'Funções e gráficos', category: 'matematica' });
    await createGroup(t.app, diego, { name: 'Cinemática', category: 'fisica' });
    for (const search of ['matematica', 'Matem%C3%A1tica', 'MATEMATICA']) {
      expect(await names(`/api/study-groups/available?search=${search}`)).toEqual(['Funções e gráficos']);
    }
    expect(await names('/api/study-groups/available?search=carla')).toEqual(['Funções e gráficos']);
    expect(await names('/api/study-groups/available?search=Carla%20Mendes')).toEqual(['Funções e gráficos']);
    // A new name is found at once; the old one no longer.
    const carlaCookie = await signedInAs(t.app, carlaNamed);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { cookie: carlaCookie },
      payload: { displayName: 'Carla Souza Mendes' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names('/api/study-groups/available?search=souza')).toEqual(['Funções e gráficos']);
  });

  it('ranks a search by word similarity before relevance and date', async () => {
    await createGroup(t.app, carla, {
      name: 'Química Geral',
      category: 'quimica',
      createdAt: minutesAgo(60),
    });
    await createGroup(t.app, carla, { name: 'Bioquímica', category: 'biologia', createdAt: minutesAgo(1) });
    expect(await names('/api/study-groups/available?search=quimica')).toEqual([
      'Química Geral',
      'Bioquímica',
    ]);
  });

  it('filters by category; all means no filter; an unknown category is a 400', async () => {
    await createGroup(t.app, carla, { name: 'Física', category: 'fisica' });
    await createGroup(t.app, carla, { name: 'Química', category: 'quimica' });
    expect(await names('/api/study-groups/available?category=quimica')).toEqual(['Química']);
    expect(await names('/api/study-groups/available?category=all')).toHaveLength(2);
    expect(await names('/api/study-groups/available?category=quimica&search=fisica')).toEqual([]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/study-groups/available?category=astrologia',
      headers: { cookie: anaCookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Escolha uma categoria válida.');
  });

  it('pages with page/limit and tells whether more remain', async () => {
    for (const [index, name] of ['A', 'B', 'C'].entries()) {
      await createGroup(t.app, carla, { name, createdAt: minutesAgo(10 - index) });
    }
    const first = await list('/api/study-groups/available?limit=2');
    expect(first.data.map((group) => group.name)).toEqual(['C', 'B']);
    expect(first.hasMore).toBe(true);
    const second = await list('/api/study-groups/available?limit=2&page=2');
    expect(second.data.map((group) => group.name)).toEqual(['A']);
    expect(second.hasMore).toBe(false);
    const exact = await list('/api/study-groups/available?limit=3');
    expect(exact.hasMore).toBe(false);
    expect((await list('/api/study-groups/available?limit=2&page=3')).data).toEqual([]);
    for (const query of ['limit=51', 'page=0', 'limit=abc']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/study-groups/available?${query}`,
        headers: { cookie: anaCookie },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('orders by relevance for the viewer, with the reason as a tag, then by date', async () => {
    // Ana is in a physics group and follows Carla.
    await addMember(
      t.app,
      await createGroup(t.app, diego, { name: 'Minha física', category: 'fisica' }),
      ana,
    );
    await t.app.ctx.database.db.insert(follows).values({ followerId: ana.id, followingId: carla.id });
    const popular = await createGroup(t.app, diego, { name: 'Lotado', category: 'historia', maxMembers: 4 });
    for (let i = 0; i < 4; i++) await addMember(t.app, popular, await createUser(t.app));
    await createGroup(t.app, diego, {
      name: 'Novo qualquer',
      category: 'geografia',
      createdAt: minutesAgo(1),
    });
    await createGroup(t.app, diego, {
      name: 'Antigo qualquer',
      category: 'geografia',
      createdAt: minutesAgo(5),
    });
    await createGroup(t.app, diego, { name: 'Mais física', category: 'fisica', createdAt: minutesAgo(30) });
    await createGroup(t.app, carla, {
      name: 'Da professora',
      category: 'quimica',
      createdAt: minutesAgo(20),
    });

    const page = await list('/api/study-groups/available');
    expect(page.data.map((group) => [group.name, group.relevanceTag])).toEqual([
      ['Da professora', RELEVANCE_TAGS.followedOwner],
      ['Mais física', RELEVANCE_TAGS.category],
      ['Lotado', RELEVANCE_TAGS.popular],
      ['Novo qualquer', null],
      ['Antigo qualquer', null],
    ]);
    const scores = page.data.map((group) => group.relevanceScore ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(page.data[0]).toMatchObject({ relevanceScore: 35, isRecommended: false });
    expect(page.data[3]).toMatchObject({ relevanceScore: 0 });
  });

  it('shows the same score on the list and on the card (SQL and TypeScript agree)', async () => {
    const group = await createGroup(t.app, carla, { maxMembers: 7 });
    for (let i = 0; i < 3; i++) {
      const member = await createUser(t.app);
      await addMember(t.app, group, member);
      await t.app.ctx.database.db.insert(groupRatings).values({
        studyGroupId: group.id,
        userId: member.id,
        rating: 3 + i,
      });
    }
    await t.app.ctx.database.db.insert(follows).values({ followerId: ana.id, followingId: carla.id });
    const [listed] = (await list('/api/study-groups/available')).data;
    const card = await t.app.inject({
      method: 'GET',
      url: `/api/study-groups/${group.id}`,
      headers: { cookie: anaCookie },
    });
    expect(listed?.relevanceScore).toBe(card.json().data.relevanceScore);
    expect(listed?.relevanceScore).toBeGreaterThan(35);
  });
});

describe('GET /api/study-groups/my and /archived', () => {
  it('lists owned groups and current memberships, latest activity first', async () => {
    const mine = await createGroup(t.app, ana, {
      name: 'Criado por mim',
      createdAt: minutesAgo(300),
      updatedAt: minutesAgo(300),
    });
    const joined = await createGroup(t.app, carla, {
      name: 'Entrei',
      createdAt: minutesAgo(200),
      updatedAt: minutesAgo(200),
    });
    await addMember(t.app, joined, ana, { joinedAt: minutesAgo(100) });
    const quiet = await createGroup(t.app, carla, {
      name: 'Parado',
      createdAt: minutesAgo(500),
      updatedAt: minutesAgo(500),
    });
    await addMember(t.app, quiet, ana, { joinedAt: minutesAgo(400) });
    await addMember(t.app, await createGroup(t.app, carla, { name: 'Saí' }), ana, { status: 'left' });
    await addMember(t.app, await createGroup(t.app, carla, { name: 'Expirou' }), ana, {
      expiresAt: minutesAgo(1),
    });
    await addMember(t.app, await createGroup(t.app, carla, { name: 'Arquivei' }), ana, {
      archivedAt: new Date(),
    });
    await createGroup(t.app, carla, { name: 'De outra pessoa' });

    expect(await names('/api/study-groups/my')).toEqual(['Entrei', 'Criado por mim', 'Parado']);
    await createPost(t.app, carla, { studyGroupId: mine.id });
    await createPost(t.app, carla, { studyGroupId: quiet.id, createdAt: minutesAgo(450) });
    expect(await names('/api/study-groups/my')).toEqual(['Criado por mim', 'Entrei', 'Parado']);

    const page = await list('/api/study-groups/my');
    expect(
      page.data.every((group) => group.isMember && !group.isArchived && group.relevanceScore === null),
    ).toBe(true);
    expect(page.data.find((group) => group.name === 'Criado por mim')).toMatchObject({ isOwner: true });
    expect(await names('/api/study-groups/my?search=parado&category=fisica')).toEqual(['Parado']);
    expect(await names('/api/study-groups/my?category=quimica')).toEqual([]);
    expect(await names('/api/study-groups/my?limit=1&page=3')).toEqual(['Parado']);
  });

  it('lists archived current memberships, still active, including inactive groups', async () => {
    const closed = await createGroup(t.app, carla, { name: 'Fechado', isActive: false });
    await addMember(t.app, closed, ana, { archivedAt: minutesAgo(5) });
    await addMember(t.app, await createGroup(t.app, carla, { name: 'Recente' }), ana, {
      archivedAt: minutesAgo(1),
    });
    await addMember(t.app, await createGroup(t.app, carla, { name: 'Expirado' }), ana, {
      archivedAt: minutesAgo(1),
      expiresAt: minutesAgo(1),
    });
    await addMember(t.app, await createGroup(t.app, carla, { name: 'Ativo' }), ana);
    const page = await list('/api/study-groups/archived');
    expect(page.data.map((group) => group.name)).toEqual(['Recente', 'Fechado']);
    expect(page.data.every((group) => group.isArchived && group.isMember)).toBe(true);
    expect(await names('/api/study-groups/archived?search=fechado&category=all')).toEqual(['Fechado']);
  });
});

describe("'Disponíveis' by relevance, planned once per connection (issue 41)", () => {
  it('keeps one plan for every category and one for a single one', async () => {
    await createGroup(t.app, carla, { name: 'Funções', category: 'matematica' });
    await createGroup(t.app, diego, { name: 'Gramática', category: 'portugues' });
    const filters = { search: '', page: 1, limit: 20 };
    const read = async (tx: Parameters<typeof listAvailableRows>[0]) => {
      await listAvailableRows(tx, ana.id, { ...filters, category: 'all' });
      await listAvailableRows(tx, ana.id, { ...filters, category: 'matematica' });
    };
    const plans = await plansOf(t.app.ctx.database, read, '%as candidates%');
    expect(plans).toHaveLength(2);
    for (const plan of plans) expect(plan.generic_plans).toBeGreaterThanOrEqual(2);
  });
});

describe("a page of cards' facts (issue 41)", () => {
  it('costs three statements however many groups it holds, each planned once per connection', async () => {
    const db = t.app.ctx.database.db;
    for (const name of ['Funções', 'Geometria']) await createGroup(t.app, carla, { name });
    await createGroup(t.app, diego, { name: 'Gramática', category: 'portugues' });
    const groups = [...(await listOwnedGroups(db, carla.id)), ...(await listOwnedGroups(db, diego.id))];
    expect(groups).toHaveLength(3);
    const now = new Date();
    expect(await statementsDuring(db, () => loadGroupFacts(db, ana.id, groups.slice(0, 1), now))).toBe(3);
    expect(await statementsDuring(db, () => loadGroupFacts(db, ana.id, groups, now))).toBe(3);
    // However many groups the page holds: the ids are read in a subquery, which no plan knows in advance.
    const read = async (tx: typeof db) => {
      await loadGroupFacts(tx, ana.id, groups, now);
      await loadGroupFacts(tx, ana.id, groups.slice(0, 1), now);
    };
    for (const pattern of ['%viewer_membership%', '%as "owned"%', '%as counted(category, groups)%']) {
      const plans = await plansOf(t.app.ctx.database, read, pattern);
      expect(plans).toHaveLength(1);
      expect(plans[0]?.generic_plans).toBeGreaterThanOrEqual(10);
    }
  });
});
