import { masterySchema, practiceNextSchema, STUDY_LOOP_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createPost, createUser } from '../../../test/factories.ts';
import {
  posts,
  practiceViews,
  questionCalibrations,
  questionItems,
  type StoredQuestion,
} from '../../db/schema/index.ts';
import { calibratedCandidates, topicCandidates, uncalibratedCandidates } from './practice.queries.ts';
import { nextPracticeItem } from './practice.service.ts';
import { itemInformation } from './selection.ts';

// Issue 40: GET /api/practice/next (due cards, then the adaptive pick) and GET /api/users/me/mastery.

type User = Awaited<ReturnType<typeof createUser>>;
type Client = Awaited<ReturnType<typeof as>>;
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let now = new Date();
let carla: User;
let ana: User;
let anaApi: Client;

beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => now });
});
beforeEach(async () => {
  await resetTestApp(t);
  now = new Date();
  carla = await createUser(t.app, { userType: 'professor' });
  ana = await createUser(t.app);
  anaApi = await as(t.app, ana);
});
afterAll(async () => {
  await t.app.close();
});

const q = (question: string, meta: Partial<StoredQuestion> = {}): StoredQuestion => ({
  question,
  options: ['A', 'B', 'C', 'D', 'E'],
  correctAnswer: 0,
  explanation: 'Porque sim.',
  subject: 'matematica',
  topic: 'Funções',
  ...meta,
});

/** A question post by `author`, and its 3PL parameters when given. */
async function question(
  author: User,
  text: string,
  meta: Partial<StoredQuestion> = {},
  params?: { a: number; b: number; c: number },
  extra: Parameters<typeof createPost>[2] = {},
) {
  const post = await createPost(t.app, author, { type: 'question', questionData: q(text, meta), ...extra });
  if (params) {
    await t.app.ctx.database.db
      .insert(questionCalibrations)
      .values({ postId: post.id, questionIndex: 0, ...params, responses: 300, calibratedAt: now });
  }
  return { id: post.id, ...params };
}

async function next(query = '', client: Client = anaApi) {
  const res = await client.get(`/api/practice/next${query}`);
  expect(res.statusCode).toBe(200);
  return practiceNextSchema.parse(res.json());
}

/** The next item, which must be a new question (or none). */
async function nextQuestion(query = '') {
  const reply = await next(query);
  if (reply.kind !== 'question') throw new Error(`expected a question, got ${reply.kind}`);
  return reply.item;
}

const answer = (client: Client, postId: string, optionIndex: number) =>
  client.post(`/api/posts/${postId}/answer`, { optionIndex }).then((res) => expect(res.statusCode).toBe(201));

describe('GET /api/practice/next', () => {
  it('refuses an unknown subject with a pt-BR 400, and a visitor with 401', async () => {
    const res = await anaApi.get('/api/practice/next?subject=astrologia');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(STUDY_LOOP_MESSAGES.subjectInvalid);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/practice/next' });
    expect(visitor.statusCode).toBe(401);
  });

  it('serves a caderno card due now first, then new questions', async () => {
    const wrong = await question(carla, 'Qual é o zero de f(x) = 2x − 6?', {}, { a: 1.2, b: 0, c: 0.2 });
    const fresh = await question(carla, 'Quanto é 7 × 8?', {}, { a: 1.2, b: 0.3, c: 0.2 });
    await answer(anaApi, wrong.id, 1);

    const review = await next('?subject=matematica');
    expect(review.kind).toBe('review');
    if (review.kind !== 'review') throw new Error('a review');
    expect(review.item.question.postId).toBe(wrong.id);
    expect(review.ability?.theta).toBeLessThan(0);

    const reviewed = await anaApi.post(`/api/reviews/${review.item.id}`, {
      rating: 'good',
      clientId: crypto.randomUUID(),
    });
    expect(reviewed.statusCode).toBe(201);
    const after = await nextQuestion('?subject=matematica');
    expect(after).toMatchObject({ postId: fresh.id, status: 'unanswered' });
    // The key is not handed out before the answer.
    expect(after && 'correctAnswer' in after.questionData).toBe(false);
  });

  it('picks among the 5 most informative calibrated questions at the ability, each once in 30 days', async () => {
    const bank = [];
    for (const [i, b] of [-3, -2.5, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3].entries())
      bank.push(await question(carla, `Questão ${i}`, {}, { a: 1.4, b, c: 0.2 }));
    await question(
      carla,
      'Uma de física',
      { subject: 'fisica', topic: 'Cinemática' },
      { a: 1.4, b: 0, c: 0.2 },
    );

    const first = await next('?subject=matematica');
    expect(first.ability?.theta).toBeCloseTo(0, 3);
    expect(first.ability?.standardError).toBeGreaterThan(0.95);
    const served = new Set<string>();
    let remaining = bank;
    for (let round = 0; round < 6; round++) {
      const reply = round === 0 ? first : await next('?subject=matematica');
      if (reply.kind !== 'question' || !reply.item) throw new Error('a question');
      const best = [...remaining]
        .sort((x, y) => itemInformation(y as never, 0) - itemInformation(x as never, 0))
        .slice(0, 5)
        .map((item) => item.id);
      expect(best).toContain(reply.item.postId);
      expect(reply.item.questionData.subject).toBe('matematica');
      served.add(reply.item.postId);
      remaining = remaining.filter((item) => item.id !== reply.item?.postId);
    }
    expect(served.size).toBe(6);
    const views = await t.app.ctx.database.db
      .select()
      .from(practiceViews)
      .where(eq(practiceViews.userId, ana.id));
    expect(views).toHaveLength(6);
  });

  it('moves with the ability: after right answers it serves harder questions', async () => {
    const easy = [];
    for (let i = 0; i < 6; i++)
      easy.push(await question(carla, `Fácil ${i}`, {}, { a: 1.5, b: -1 + i * 0.3, c: 0.2 }));
    const hard = [];
    for (let i = 0; i < 6; i++)
      hard.push(await question(carla, `Difícil ${i}`, {}, { a: 1.5, b: 2.5 + i * 0.2, c: 0.2 }));
    for (const item of easy) await answer(anaApi, item.id, 0);
    const reply = await next('?subject=matematica');
    expect(reply.ability?.theta).toBeGreaterThan(0.8);
    expect(reply.kind).toBe('question');
    expect(hard.map((item) => item.id)).toContain(reply.kind === 'question' ? reply.item?.postId : null);
  });

  it('serves a question again only after 30 days, never an answered one, nor one of the viewer', async () => {
    const only = await question(carla, 'A única', {}, { a: 1, b: 0, c: 0.2 });
    const answered = await question(carla, 'Já respondida', {}, { a: 1, b: 0, c: 0.2 });
    await question(ana, 'Escrita pela Ana', {}, { a: 1, b: 0, c: 0.2 });
    await answer(anaApi, answered.id, 0);

    expect(await nextQuestion('?subject=matematica')).toMatchObject({ postId: only.id });
    expect(await next('?subject=matematica')).toEqual({
      kind: 'question',
      item: null,
      ability: expect.any(Object),
    });
    now = new Date(now.getTime() + 29 * DAY);
    expect(await nextQuestion('?subject=matematica')).toBeNull();
    now = new Date(now.getTime() + 2 * DAY);
    expect(await nextQuestion('?subject=matematica')).toMatchObject({ postId: only.id });
  });

  it('serves only questions the viewer may see: not another group’s, not a blocked author’s', async () => {
    const group = await createGroup(t.app, carla, {});
    await question(carla, 'Do grupo', {}, { a: 1, b: 0, c: 0.2 }, { studyGroupId: group.id });
    const bruno = await createUser(t.app);
    await question(bruno, 'Do Bruno', {}, { a: 1, b: 0, c: 0.2 });
    const block = await anaApi.post(`/api/users/${bruno.id}/block`);
    expect(block.statusCode).toBeLessThan(300);
    expect(await nextQuestion('?subject=matematica')).toBeNull();

    await addMember(t.app, group, ana);
    expect((await nextQuestion('?subject=matematica'))?.questionData.question).toBe('Do grupo');
  });

  it('never serves an anulada or desatualizada question', async () => {
    const anulada = await question(carla, 'Anulada', {}, { a: 1, b: 0, c: 0.2 });
    const old = await question(carla, 'Desatualizada', {}, { a: 1, b: 0, c: 0.2 });
    const carlaApi = await as(t.app, carla);
    for (const [id, status] of [
      [anulada.id, 'anulada'],
      [old.id, 'desatualizada'],
    ] as const)
      expect((await carlaApi.post(`/api/posts/${id}/status`, { status })).statusCode).toBe(200);
    expect(await nextQuestion('?subject=matematica')).toBeNull();
  });

  it('fills in with uncalibrated questions by share correct when fewer than 5 are calibrated', async () => {
    const calibrated = await question(carla, 'Calibrada', {}, { a: 1.2, b: 0, c: 0.2 });
    const shares = [0.97, 0.92, 0.7, 0.62, 0.55, 0.48, 0.4];
    const plain = [];
    for (const share of shares) {
      const item = await question(carla, `Sem calibração ${share}`);
      await t.app.ctx.database.db
        .update(questionItems)
        .set({ answersCount: 100, correctCount: Math.round(share * 100) })
        .where(eq(questionItems.postId, item.id));
      plain.push(item);
    }
    // Eight candidates: the two least informative at θ = 0 (shares 0.97 and 0.4, b −3 and 1.65) stay
    // out of the best 5 while at least 7 remain, so the first two picks never take them.
    const extremes = new Set([plain[0]!.id, plain[6]!.id]);
    const pool = new Set([calibrated.id, ...plain.map((item) => item.id)]);
    for (let i = 0; i < 2; i++) {
      const picked = (await nextQuestion('?subject=matematica&topic=funcoes'))!.postId;
      expect(pool.has(picked)).toBe(true);
      expect(extremes.has(picked)).toBe(false);
    }
  });

  it('takes the pools nearest the target from both sides, unanswered questions counting as it', async () => {
    const filters = {
      viewerId: ana.id,
      subject: 'matematica',
      seenAfter: new Date(now.getTime() - 30 * DAY),
    };
    const named = new Map<string, string>();
    for (const b of [-2, -0.4, -0.1, 0.2, 0.5, 1.5]) {
      named.set((await question(carla, `b ${b}`, {}, { a: 1, b, c: 0.2 })).id, `b ${b}`);
    }
    await question(carla, 'Física', { subject: 'fisica' }, { a: 1, b: 0, c: 0.2 });
    const { db } = t.app.ctx.database;
    // The calibrations carry their question's subject (a trigger), which the walk by b keeps to.
    const subjects = await db.select({ subject: questionCalibrations.subject }).from(questionCalibrations);
    expect(subjects.filter((row) => row.subject === 'matematica')).toHaveLength(6);
    expect(subjects.filter((row) => row.subject === 'fisica')).toHaveLength(1);
    const calibrated = await calibratedCandidates(db, filters, 0, 3);
    expect(calibrated.map((row) => named.get(row.postId))).toEqual(['b -0.1', 'b 0.2', 'b -0.4']);

    for (const [share, answers] of [
      [0.2, 10],
      [0.5, 10],
      [0.6, 5],
      [0.6, 10],
      [0.9, 10],
      [null, 0],
    ] as const) {
      const item = await question(carla, `share ${share} of ${answers}`);
      named.set(item.id, `share ${share} of ${answers}`);
      await db
        .update(questionItems)
        .set({ answersCount: answers, correctCount: Math.round((share ?? 0) * answers) })
        .where(eq(questionItems.postId, item.id));
    }
    const uncalibrated = await uncalibratedCandidates(db, filters, 0.55, 4);
    expect(uncalibrated.map((row) => named.get(row.postId))).toEqual([
      'share null of 0',
      'share 0.6 of 10',
      'share 0.6 of 5',
      'share 0.5 of 10',
    ]);
    // With a topic, one read: the calibrated nearest θ first, then the uncalibrated nearest the share.
    const inTopic = await topicCandidates(db, { ...filters, topic: 'funcoes' }, 0, 0.55, 9);
    expect(inTopic.map((row) => named.get(row.postId))).toEqual([
      'b -0.1',
      'b 0.2',
      'b -0.4',
      'b 0.5',
      'b 1.5',
      'b -2',
      'share null of 0',
      'share 0.6 of 10',
      'share 0.6 of 5',
    ]);
  });

  it('serves from the pool it read only what still qualifies: not answered elsewhere, served, hidden or anulado since', async () => {
    const { db } = t.app.ctx.database;
    const carlaApi = await as(t.app, carla);
    const yesterday = new Date(now.getTime() - DAY);
    // Uncalibrated questions (answering them leaves the ability, and so the pool, where it was), three
    // per topic: the first ask reads the topic's pool and serves one; then the other two stop
    // qualifying in one way, and the next ask must find nothing rather than serve them from memory.
    const spoil: Record<string, (id: string) => Promise<unknown>> = {
      'answered in the feed': (id) => answer(anaApi, id, 0),
      'served by another process': (id) =>
        db.insert(practiceViews).values({ userId: ana.id, postId: id, questionIndex: 0, seenAt: yesterday }),
      'hidden by a moderator': (id) => db.update(posts).set({ hiddenAt: now }).where(eq(posts.id, id)),
      'anulada by its author': (id) =>
        carlaApi
          .post(`/api/posts/${id}/status`, { status: 'anulada' })
          .then((res) => expect(res.statusCode).toBe(200)),
    };
    for (const [how, spoiled] of Object.entries(spoil)) {
      const topic = `Tópico ${how}`;
      const ids = [];
      for (const share of [0.5, 0.6, 0.7]) {
        const item = await question(carla, `${how} ${share}`, { topic });
        await db
          .update(questionItems)
          .set({ answersCount: 100, correctCount: share * 100 })
          .where(eq(questionItems.postId, item.id));
        ids.push(item.id);
      }
      const query = `?subject=matematica&topic=${encodeURIComponent(topic)}`;
      const first = await nextQuestion(query);
      expect(ids).toContain(first?.postId);
      for (const id of ids.filter((id) => id !== first?.postId)) await spoiled(id);
      expect(await next(query), how).toEqual({ kind: 'question', item: null, ability: expect.any(Object) });
    }
    // The views another process recorded are left as they were.
    const views = await db.select().from(practiceViews).where(eq(practiceViews.userId, ana.id));
    expect(views.filter((view) => view.seenAt.getTime() === yesterday.getTime())).toHaveLength(2);
  });

  it('never serves one question to two asks at the same time', async () => {
    for (let i = 0; i < 6; i++) await question(carla, `Questão ${i}`, {}, { a: 1.4, b: i * 0.1, c: 0.2 });
    // Both asks pick the same best question; the second finds it served and takes the next.
    const best = () => 0;
    const replies = await Promise.all([
      nextPracticeItem(t.app.ctx, ana, { subject: 'matematica' }, best),
      nextPracticeItem(t.app.ctx, ana, { subject: 'matematica' }, best),
    ]);
    const ids = replies.map((reply) => (reply.kind === 'question' ? reply.item?.postId : null));
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(2);
    const views = await t.app.ctx.database.db
      .select()
      .from(practiceViews)
      .where(eq(practiceViews.userId, ana.id));
    expect(views).toHaveLength(2);
  });

  it('keeps to the topic, accents and case ignored', async () => {
    await question(carla, 'Funções', {}, { a: 1, b: 0, c: 0.2 });
    const geo = await question(carla, 'Geometria', { topic: 'Geometria Plana' }, { a: 1, b: 0, c: 0.2 });
    expect((await nextQuestion('?subject=matematica&topic=geometria%20plana'))?.postId).toBe(geo.id);
    expect(await nextQuestion('?subject=matematica&topic=geometria%20plana')).toBeNull();
  });
});

describe('GET /api/users/me/mastery', () => {
  it('gives a cell per subject, and per topic with 5 answered calibrated questions, with levels', async () => {
    for (let i = 0; i < 8; i++) {
      const item = await question(carla, `Função ${i}`, {}, { a: 1.6, b: -0.5 + i * 0.3, c: 0.15 });
      await answer(anaApi, item.id, 0);
    }
    for (let i = 0; i < 2; i++) {
      const item = await question(carla, `Geometria ${i}`, { topic: 'Geometria' }, { a: 1.6, b: 0, c: 0.15 });
      await answer(anaApi, item.id, 0);
    }
    for (let i = 0; i < 6; i++) {
      const item = await question(
        carla,
        `Física ${i}`,
        { subject: 'fisica', topic: 'Cinemática' },
        {
          a: 1.6,
          b: -1.5 + i * 0.2,
          c: 0.15,
        },
      );
      await answer(anaApi, item.id, 1);
    }
    // Answers to uncalibrated questions do not count.
    const plain = await question(carla, 'Sem calibração', { subject: 'quimica' });
    await answer(anaApi, plain.id, 0);

    const res = await anaApi.get('/api/users/me/mastery');
    expect(res.statusCode).toBe(200);
    const { data } = masterySchema.parse(res.json());
    expect(data.map((cell) => [cell.subject, cell.topic, cell.answered])).toEqual([
      ['fisica', null, 6],
      ['fisica', 'Cinemática', 6],
      ['matematica', null, 10],
      ['matematica', 'Funções', 8],
    ]);
    const [fisica, , matematica] = data;
    expect(fisica!.level).toBe('iniciante');
    expect(fisica!.theta).toBeLessThan(-1);
    expect(['proficiente', 'dominio']).toContain(matematica!.level);
    expect(matematica!.theta).toBeGreaterThan(1);
    expect(matematica!.standardError).toBeLessThan(0.7);

    const bruno = await as(t.app, await createUser(t.app));
    expect(masterySchema.parse((await bruno.get('/api/users/me/mastery')).json()).data).toEqual([]);
  });
});
