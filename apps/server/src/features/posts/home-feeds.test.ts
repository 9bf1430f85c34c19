import { meSchema, pageOf, postSchema } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { plansOf } from '../../../test/plans.ts';
import { blocks, follows } from '../../db/schema/index.ts';
import { cursorKey } from './cursor.ts';
import { listHomeFeedRows } from './home-feeds.queries.ts';

// Issue 21's two feeds (decision 034): GET /api/posts?feed=for_you|following, and the first-run
// study plan that seeds 'Para você'.

let t: TestApp;
let me: Awaited<ReturnType<typeof createUser>>;
let cookie: string;
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
const ids = async (url: string, as = cookie) => {
  const res = await get(url, as);
  expect(res.statusCode).toBe(200);
  return pageOf(postSchema).parse(res.json());
};
const follow = (follower: { id: string }, following: { id: string }) =>
  t.app.ctx.database.db.insert(follows).values({ followerId: follower.id, followingId: following.id });
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const question = (author: { id: string }, subject: string, at: Date) =>
  createPost(t.app, author, {
    type: 'question',
    createdAt: at,
    questionData: { question: `Questão de ${subject}`, options: ['a', 'b'], correctAnswer: 0, subject },
  });
const setPlan = (body: unknown, as = cookie) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/users/me/study-plan',
    headers: { cookie: as },
    payload: body as object,
  });

describe('GET /api/posts?feed=', () => {
  it("answers 'Para você' by default: the same page as feed=for_you", async () => {
    const friend = await createUser(t.app);
    const stranger = await createUser(t.app);
    await follow(me, friend);
    const older = await createPost(t.app, friend, { content: 'do amigo', createdAt: minutesAgo(120) });
    const newer = await createPost(t.app, stranger, { content: 'de alguém', createdAt: minutesAgo(1) });
    const byDefault = await ids('/api/posts');
    // Ranked, not newest first: a followed person's post of two hours ago comes before a stranger's of a minute ago.
    expect(byDefault.data.map((p) => p.id)).toEqual([older.id, newer.id]);
    expect((await ids('/api/posts?feed=for_you')).data.map((p) => p.id)).toEqual([older.id, newer.id]);
  });

  it("lists in 'Seguindo' only the followed people's posts and one's own, newest first", async () => {
    const friend = await createUser(t.app);
    const stranger = await createUser(t.app);
    await follow(me, friend);
    const mine = await createPost(t.app, me, { createdAt: minutesAgo(3) });
    const theirs = await createPost(t.app, friend, { createdAt: minutesAgo(2) });
    await createPost(t.app, stranger, { createdAt: minutesAgo(1) });
    await question(stranger, 'matematica', minutesAgo(1));
    // A group post by the followed person stays in the group.
    const page = await ids('/api/posts?feed=following');
    expect(page.data.map((p) => p.id)).toEqual([theirs.id, mine.id]);
    expect(page).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it("puts questions on the viewer's subjects in 'Para você', above newer unrelated posts", async () => {
    const stranger = await createUser(t.app);
    expect((await setPlan({ goal: 'enem', subjects: ['quimica', 'fisica'] })).statusCode).toBe(200);
    const chemistry = await question(stranger, 'quimica', minutesAgo(90));
    const history = await question(stranger, 'historia', minutesAgo(1));
    const page = await ids('/api/posts?feed=for_you');
    expect(page.data.map((p) => p.id)).toEqual([chemistry.id, history.id]);
    // Not in 'Seguindo': nobody is followed.
    expect((await ids('/api/posts?feed=following')).data).toEqual([]);
  });

  it('ranks a question higher once its likes make it popular, and keeps it popular after an unlike', async () => {
    const author = await createUser(t.app);
    const popular = await question(author, 'historia', minutesAgo(40));
    const fresh = await createPost(t.app, author, { createdAt: minutesAgo(1) });
    expect((await ids('/api/posts')).data.map((p) => p.id)).toEqual([fresh.id, popular.id]);
    const fans = await Promise.all([1, 2, 3].map(async () => signedInAs(t.app, await createUser(t.app))));
    for (const fan of fans) {
      const liked = await t.app.inject({
        method: 'POST',
        url: `/api/posts/${popular.id}/like`,
        headers: { cookie: fan },
      });
      expect(liked.statusCode).toBe(200);
    }
    expect((await ids('/api/posts')).data.map((p) => p.id)).toEqual([popular.id, fresh.id]);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${popular.id}/like`,
      headers: { cookie: fans[0] },
    });
    expect((await ids('/api/posts')).data.map((p) => p.id)).toEqual([popular.id, fresh.id]);
  });

  it("walks 'Para você' page by page by cursor, each post exactly once, in rank order", async () => {
    const friend = await createUser(t.app);
    const stranger = await createUser(t.app);
    await follow(me, friend);
    await setPlan({ goal: 'vestibular', subjects: ['biologia'] });
    const made = [];
    for (let i = 0; i < 8; i++) {
      made.push(await createPost(t.app, friend, { createdAt: minutesAgo(10 * i + 100) }));
      made.push(await question(stranger, 'biologia', minutesAgo(10 * i + 3)));
      made.push(await createPost(t.app, stranger, { createdAt: minutesAgo(10 * i + 1) }));
      made.push(await createPost(t.app, me, { createdAt: minutesAgo(10 * i + 5) }));
    }
    const all = (await ids('/api/posts?limit=50')).data.map((p) => p.id);
    expect(new Set(all).size).toBe(made.length);
    const seen: string[] = [];
    let res = await ids('/api/posts?limit=3');
    seen.push(...res.data.map((p) => p.id));
    while (res.nextCursor) {
      res = await ids(`/api/posts?limit=3&cursor=${encodeURIComponent(res.nextCursor)}`);
      seen.push(...res.data.map((p) => p.id));
    }
    expect(seen).toEqual(all);
    // Questions on a subject and the followed person's posts are both 6 hours ahead of their age: the
    // question of 3 minutes ago leads, and the followed person's post of 100 minutes ago comes right after
    // the eighth question (73 minutes old).
    expect(seen[0]).toBe(made[1]?.id);
    expect(seen.indexOf(made[0]?.id ?? '')).toBe(seen.indexOf(made[29]?.id ?? '') + 1);
  });

  it("pages 'Para você' by page number as by cursor, past the rows its named statements read", async () => {
    const stranger = await createUser(t.app);
    for (let i = 0; i < 62; i++) await createPost(t.app, stranger, { createdAt: minutesAgo(i + 1) });
    const first = await ids('/api/posts?limit=50');
    const rest = await ids(`/api/posts?limit=50&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    const all = [...first.data, ...rest.data].map((p) => p.id);
    expect(all).toHaveLength(62);
    // Pages 1–7 of 10 read 11, 21, 31… rows: the named statements' 11, 21 and 51, then a value (page 6).
    const paged: string[] = [];
    for (let page = 1; page <= 7; page++) {
      const res = await ids(`/api/posts?limit=10&page=${page}`);
      expect(res.data.length).toBe(page < 7 ? 10 : 2);
      paged.push(...res.data.map((p) => p.id));
    }
    expect(paged).toEqual(all);
  });

  it('plans the ranking once per connection: the database keeps one plan for it (issue 41)', async () => {
    const friend = await createUser(t.app);
    await follow(me, friend);
    for (let i = 0; i < 12; i++) await createPost(t.app, i % 2 ? friend : me, { createdAt: minutesAgo(i) });
    const { ctx } = t.app;
    const key = cursorKey(ctx.config.dataDir);
    // One connection: each later call runs the statement it prepared on its first ones.
    const plans = await plansOf(
      ctx.database,
      async (tx) => {
        const first = await listHomeFeedRows(tx, key, me.id, 'for_you', { page: 1, limit: 5 });
        await listHomeFeedRows(tx, key, me.id, 'for_you', {
          page: 1,
          limit: 5,
          cursor: first.nextCursor ?? undefined,
        });
      },
      '%rank_ms%popular_at%limit 11)%',
    );
    // The first page and the later ones: each on a generic plan after PostgreSQL's first custom ones
    // (with the page size a value, it planned every call again).
    expect(plans).toHaveLength(2);
    for (const plan of plans) expect(plan.generic_plans).toBeGreaterThanOrEqual(2);
  });

  it("walks 'Seguindo' by cursor without repeating a post", async () => {
    const friend = await createUser(t.app);
    await follow(me, friend);
    for (let i = 0; i < 7; i++) await createPost(t.app, i % 2 ? friend : me, { createdAt: minutesAgo(i) });
    const seen: string[] = [];
    let res = await ids('/api/posts?feed=following&limit=2');
    seen.push(...res.data.map((p) => p.id));
    while (res.nextCursor) {
      res = await ids(`/api/posts?feed=following&limit=2&cursor=${encodeURIComponent(res.nextCursor)}`);
      seen.push(...res.data.map((p) => p.id));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it('hides blocked people both ways in both feeds, and group and hidden posts', async () => {
    const friend = await createUser(t.app);
    const blocker = await createUser(t.app);
    await follow(me, friend);
    await follow(me, blocker);
    await setPlan({ goal: 'concurso', subjects: ['portugues'] });
    await createPost(t.app, friend, { hiddenAt: new Date() });
    await question(blocker, 'portugues', minutesAgo(1));
    await createPost(t.app, blocker);
    await t.app.ctx.database.db.insert(blocks).values({ blockerId: blocker.id, blockedId: me.id });
    const shown = await createPost(t.app, friend, { createdAt: minutesAgo(5) });
    for (const feed of ['for_you', 'following']) {
      expect((await ids(`/api/posts?feed=${feed}`)).data.map((p) => p.id)).toEqual([shown.id]);
    }
    // And the one who blocked does not see mine either.
    await createPost(t.app, me);
    const theirs = await signedInAs(t.app, blocker);
    expect((await ids('/api/posts?feed=for_you', theirs)).data.map((p) => p.author.username)).not.toContain(
      me.username,
    );
  });

  it('refuses a feed it does not know with a pt-BR 400 in the error envelope', async () => {
    for (const bad of ['todos', 'FOR_YOU', '']) {
      const res = await get(`/api/posts?feed=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: expect.stringContaining('Feed inválido'),
        code: expect.any(String),
      });
    }
  });

  it("refuses a 'Seguindo' cursor in 'Para você'", async () => {
    for (let i = 0; i < 3; i++) await createPost(t.app, me, { createdAt: minutesAgo(i) });
    const following = await ids('/api/posts?feed=following&limit=1');
    const res = await get(`/api/posts?feed=for_you&cursor=${encodeURIComponent(following.nextCursor ?? '')}`);
    expect(res.statusCode).toBe(400);
  });

  it("shows a followed person's new post at the next read of 'Seguindo' (pages kept per feed)", async () => {
    const friend = await createUser(t.app);
    await follow(me, friend);
    expect((await ids('/api/posts?feed=following')).data).toEqual([]);
    expect((await ids('/api/posts')).data).toEqual([]);
    const friendCookie = await signedInAs(t.app, friend);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: friendCookie },
      payload: { type: 'text', content: 'Resumo novo' },
    });
    expect(created.statusCode).toBe(201);
    expect((await ids('/api/posts?feed=following')).data.map((p) => p.content)).toEqual(['Resumo novo']);
    expect((await ids('/api/posts')).data.map((p) => p.content)).toEqual(['Resumo novo']);
  });
});

describe('PUT /api/users/me/study-plan', () => {
  it('saves goal and subjects, shows them in me, and re-ranks the next read', async () => {
    const stranger = await createUser(t.app);
    const physics = await question(stranger, 'fisica', minutesAgo(60));
    const fresh = await createPost(t.app, stranger, { createdAt: minutesAgo(1) });
    expect((await ids('/api/posts')).data.map((p) => p.id)).toEqual([fresh.id, physics.id]);
    const res = await setPlan({ goal: 'enem', subjects: ['fisica'] });
    expect(res.statusCode).toBe(200);
    expect(meSchema.parse(res.json().data).studyPlan).toEqual({ goal: 'enem', subjects: ['fisica'] });
    const meNow = await get('/api/users/me');
    expect(meNow.json().data.studyPlan).toEqual({ goal: 'enem', subjects: ['fisica'] });
    expect((await ids('/api/posts')).data.map((p) => p.id)).toEqual([physics.id, fresh.id]);
  });

  it('starts empty for a new account', async () => {
    expect((await get('/api/users/me')).json().data.studyPlan).toBeNull();
  });

  it('refuses a bad goal, no subjects, an unknown or repeated subject in pt-BR, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ goal: 'faculdade', subjects: ['fisica'] }, 'Escolha seu objetivo: ENEM, vestibular ou concurso.'],
      [{ goal: 'enem', subjects: [] }, 'Escolha ao menos uma matéria.'],
      [{ goal: 'enem', subjects: ['astrologia'] }, 'Matéria inválida.'],
      [{ goal: 'enem', subjects: ['fisica', 'fisica'] }, 'Cada matéria só pode ser escolhida uma vez.'],
    ];
    for (const [body, message] of cases) {
      const res = await setPlan(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message, code: expect.any(String) });
    }
    expect((await get('/api/users/me')).json().data.studyPlan).toBeNull();
  });

  it('answers 401 signed out', async () => {
    expect((await setPlan({ goal: 'enem', subjects: ['fisica'] }, '')).statusCode).toBe(401);
  });
});
