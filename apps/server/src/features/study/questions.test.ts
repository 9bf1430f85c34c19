import { bankPageSchema, STUDY_LOOP_MESSAGES } from '@estudai/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { questionCalibrations, questionItems, type StoredQuestion } from '../../db/schema/index.ts';

// Issue 19, 'Banco de questões': GET /api/questions with its filters, status, search and cursor.

type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;
let carla: User;
let ana: User;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  carla = await createUser(t.app, { userType: 'professor' });
  ana = await createUser(t.app);
  cookie = await signedInAs(t.app, ana);
});
afterAll(async () => {
  await t.app.close();
});

const page = bankPageSchema;
const get = (url: string, as = cookie) => t.app.inject({ method: 'GET', url, headers: { cookie: as } });
const post = (url: string, payload: object, as = cookie) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie: as } });
const bank = async (query = '', as = cookie) => {
  const res = await get(`/api/questions${query}`, as);
  expect(res.statusCode).toBe(200);
  return page.parse(res.json());
};
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

const q = (question: string, meta: Partial<StoredQuestion> = {}): StoredQuestion => ({
  question,
  options: ['A', 'B', 'C', 'D'],
  correctAnswer: 0,
  explanation: 'Porque sim.',
  ...meta,
});

async function seedBank() {
  const funcoes = await createPost(t.app, carla, {
    type: 'question',
    createdAt: minutesAgo(50),
    questionData: q('Qual é o zero da função $f(x) = 2x - 6$?', {
      subject: 'matematica',
      topic: 'Funções',
      exam: 'enem',
      year: 2023,
    }),
  });
  const genetica = await createPost(t.app, carla, {
    type: 'question',
    createdAt: minutesAgo(40),
    questionData: q('Na primeira lei de Mendel, a proporção fenotípica é:', {
      subject: 'biologia',
      topic: 'Genética',
      exam: 'fuvest',
      year: 2021,
    }),
  });
  const quiz = await createPost(t.app, carla, {
    type: 'question_set',
    createdAt: minutesAgo(30),
    questionSetData: {
      title: 'Física e matemática',
      questions: [
        q('Um corpo em queda livre acelera a:', {
          subject: 'fisica',
          topic: 'Cinemática',
          exam: 'enem',
          year: 2023,
        }),
        q('A área de um quadrado de lado 3 é:', {
          subject: 'matematica',
          topic: 'Geometria',
          exam: 'enem',
          year: 2022,
        }),
      ],
    },
  });
  const plain = await createPost(t.app, carla, { type: 'question', createdAt: minutesAgo(20) });
  await createPost(t.app, carla, { type: 'poll', createdAt: minutesAgo(10) });
  await createPost(t.app, carla, { type: 'text', createdAt: minutesAgo(5) });
  return { funcoes, genetica, quiz, plain };
}

const ids = (items: { postId: string; questionIndex: number }[]) =>
  items.map((item) => `${item.postId}#${item.questionIndex}`);

describe('GET /api/questions', () => {
  it('lists every question newest first, a quiz as one item per question, with author, title and metadata', async () => {
    const { funcoes, genetica, quiz, plain } = await seedBank();
    const all = await bank();
    expect(ids(all.data)).toEqual([
      `${plain.id}#0`,
      `${quiz.id}#1`,
      `${quiz.id}#0`,
      `${genetica.id}#0`,
      `${funcoes.id}#0`,
    ]);
    const [, square] = all.data;
    expect(square).toMatchObject({
      postType: 'question_set',
      quizTitle: 'Física e matemática',
      studyGroupId: null,
      author: { id: carla.id, username: carla.username },
      questionData: {
        question: 'A área de um quadrado de lado 3 é:',
        options: ['A', 'B', 'C', 'D'],
        subject: 'matematica',
        topic: 'Geometria',
        exam: 'enem',
        year: 2022,
      },
      viewerAnswer: null,
      status: 'unanswered',
      notebookEntryId: null,
    });
    expect(square).not.toHaveProperty('community');
    expect(square?.questionData).not.toHaveProperty('correctAnswer');
    expect(all.data.at(-1)).toMatchObject({ postType: 'question', quizTitle: null });
  });

  it('filters by subject, exam, year and topic, combined', async () => {
    const { funcoes, quiz } = await seedBank();
    expect(ids((await bank('?subject=matematica')).data)).toEqual([`${quiz.id}#1`, `${funcoes.id}#0`]);
    expect(ids((await bank('?subject=matematica&exam=enem&year=2023')).data)).toEqual([`${funcoes.id}#0`]);
    expect(ids((await bank('?exam=enem&year=2023')).data)).toEqual([`${quiz.id}#0`, `${funcoes.id}#0`]);
    expect(ids((await bank('?topic=geometria')).data)).toEqual([`${quiz.id}#1`]);
    expect(ids((await bank('?topic=Funcoes&subject=matematica')).data)).toEqual([`${funcoes.id}#0`]);
    expect((await bank('?subject=quimica')).data).toEqual([]);
    // Empty parameters are no filter.
    expect((await bank('?subject=&exam=&topic=&year=&status=&search=&cursor=')).data).toHaveLength(5);
  });

  it('filters by several subjects and several bancas at once, and the first page counts what matches', async () => {
    const { funcoes, genetica, quiz } = await seedBank();
    const both = await bank('?subject=matematica,biologia');
    expect(ids(both.data)).toEqual([`${quiz.id}#1`, `${genetica.id}#0`, `${funcoes.id}#0`]);
    expect(both.total).toBe(3);
    // The parameter repeated is the same list.
    expect(ids((await bank('?subject=matematica&subject=biologia')).data)).toEqual(ids(both.data));
    expect(ids((await bank('?exam=fuvest,enem&subject=biologia,fisica')).data)).toEqual([
      `${quiz.id}#0`,
      `${genetica.id}#0`,
    ]);
    expect((await bank()).total).toBe(5);
    // Later pages leave the count to the first.
    const first = await bank('?subject=matematica,biologia&limit=2');
    expect(first).toMatchObject({ total: 3, hasMore: true });
    const second = await bank(`?subject=matematica,biologia&limit=2&cursor=${first.nextCursor}`);
    expect(ids(second.data)).toEqual([`${funcoes.id}#0`]);
    expect(second).not.toHaveProperty('total');
  });

  it('labels and filters difficulty: by calibration, else by the share right once 5 answered', async () => {
    const { funcoes, genetica, quiz, plain } = await seedBank();
    const { db } = t.app.ctx.database;
    const at = new Date();
    await db.insert(questionCalibrations).values([
      { postId: funcoes.id, questionIndex: 0, a: 1, b: 1.2, c: 0.2, responses: 40, calibratedAt: at },
      { postId: quiz.id, questionIndex: 0, a: 1, b: -1, c: 0.2, responses: 40, calibratedAt: at },
    ]);
    const counts = async (
      postId: string,
      questionIndex: number,
      answersCount: number,
      correctCount: number,
    ) =>
      db
        .update(questionItems)
        .set({ answersCount, correctCount })
        .where(and(eq(questionItems.postId, postId), eq(questionItems.questionIndex, questionIndex)));
    await counts(genetica.id, 0, 10, 5); // 50% right: média
    await counts(quiz.id, 1, 4, 0); // 4 answers: too few for a label
    await counts(plain.id, 0, 5, 1); // 20% right: difícil

    const all = await bank();
    const difficultyOf = Object.fromEntries(
      all.data.map((item) => [`${item.postId}#${item.questionIndex}`, item.difficulty]),
    );
    expect(difficultyOf).toEqual({
      [`${funcoes.id}#0`]: 'dificil',
      [`${quiz.id}#0`]: 'facil',
      [`${genetica.id}#0`]: 'media',
      [`${quiz.id}#1`]: null,
      [`${plain.id}#0`]: 'dificil',
    });
    expect(ids((await bank('?difficulty=dificil')).data)).toEqual([`${plain.id}#0`, `${funcoes.id}#0`]);
    const easyOrMedium = await bank('?difficulty=facil,media&subject=fisica,biologia');
    expect(ids(easyOrMedium.data)).toEqual([`${quiz.id}#0`, `${genetica.id}#0`]);
    expect(easyOrMedium.total).toBe(2);
  });

  it('refuses an unknown subject, banca or difficulty in a list with 400, in pt-BR', async () => {
    for (const [query, message] of [
      ['?subject=matematica,alquimia', STUDY_LOOP_MESSAGES.subjectInvalid],
      ['?exam=enem,xpto', STUDY_LOOP_MESSAGES.examInvalid],
      ['?difficulty=impossivel', STUDY_LOOP_MESSAGES.difficultyInvalid],
    ] as const) {
      const res = await get(`/api/questions${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message });
    }
  });

  it('searches statement and topic ignoring accents and case, every word', async () => {
    const { funcoes, genetica, quiz } = await seedBank();
    expect(ids((await bank('?search=FENOTIPICA')).data)).toEqual([`${genetica.id}#0`]);
    expect(ids((await bank('?search=genética')).data)).toEqual([`${genetica.id}#0`]);
    expect(ids((await bank('?search=cinematica%20queda')).data)).toEqual([`${quiz.id}#0`]);
    expect(ids((await bank('?search=fun%C3%A7%C3%A3o')).data)).toEqual([`${funcoes.id}#0`]);
    expect(ids((await bank('?search=quadrado&subject=fisica')).data)).toEqual([]);
    expect((await bank('?search=100%25')).data).toEqual([]);
  });

  it("filters by the viewer's status and shows the community figures only once answered", async () => {
    const { funcoes, genetica, quiz, plain } = await seedBank();
    const bruno = await createUser(t.app);
    const asBruno = await signedInAs(t.app, bruno);
    await post(`/api/posts/${funcoes.id}/answer`, { optionIndex: 1 }, asBruno);
    await post(`/api/posts/${genetica.id}/answer`, { optionIndex: 0 }, asBruno);

    await post(`/api/posts/${funcoes.id}/answer`, { optionIndex: 0 });
    await post(`/api/posts/${genetica.id}/answer`, { optionIndex: 2 });
    await post(`/api/posts/${quiz.id}/answer`, { optionIndex: 3, questionIndex: 1 });

    expect(ids((await bank('?status=correct')).data)).toEqual([`${funcoes.id}#0`]);
    expect(ids((await bank('?status=wrong')).data)).toEqual([`${quiz.id}#1`, `${genetica.id}#0`]);
    expect(ids((await bank('?status=unanswered')).data)).toEqual([`${plain.id}#0`, `${quiz.id}#0`]);
    expect(ids((await bank('?status=wrong&subject=matematica')).data)).toEqual([`${quiz.id}#1`]);

    const all = (await bank()).data;
    const byId = new Map(all.map((item) => [`${item.postId}#${item.questionIndex}`, item]));
    expect(byId.get(`${funcoes.id}#0`)).toMatchObject({
      status: 'correct',
      viewerAnswer: 0,
      community: { answersCount: 2, correctPercentage: 50 },
      questionData: { correctAnswer: 0, explanation: 'Porque sim.' },
    });
    expect(byId.get(`${genetica.id}#0`)).toMatchObject({
      status: 'wrong',
      viewerAnswer: 2,
      community: { answersCount: 2, correctPercentage: 50 },
      notebookEntryId: expect.any(String),
    });
    expect(byId.get(`${quiz.id}#1`)?.community).toEqual({ answersCount: 1, correctPercentage: 0 });
    expect(byId.get(`${quiz.id}#0`)).not.toHaveProperty('community');
    // A finished attempt counts as the first answers of its questions not answered yet.
    await post(`/api/posts/${quiz.id}/quiz-attempts`, { answers: [0, 0] });
    expect(ids((await bank('?status=unanswered')).data)).toEqual([`${plain.id}#0`]);
    expect(ids((await bank('?status=wrong')).data)).toEqual([`${quiz.id}#1`, `${genetica.id}#0`]);
  });

  it('pages newest first by cursor, with nothing lost or repeated', async () => {
    for (let i = 0; i < 7; i++) {
      await createPost(t.app, carla, {
        type: 'question',
        createdAt: new Date('2026-03-01T12:00:00Z'),
        questionData: q(`Questão ${i}`, { subject: 'historia' }),
      });
    }
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const current = await bank(`?subject=historia&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...ids(current.data));
      expect(current.hasMore).toBe(Boolean(current.nextCursor));
      cursor = current.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(7);
    expect(seen).toEqual(ids((await bank('?subject=historia&limit=50')).data));
  });

  it('shows members-only group questions to the owner and members only', async () => {
    const group = await createGroup(t.app, carla);
    const inGroup = await createPost(t.app, carla, { type: 'question', studyGroupId: group.id });
    await createPost(t.app, carla, { type: 'question' });
    expect((await bank()).data).toHaveLength(1);
    await addMember(t.app, group, ana);
    expect(ids((await bank()).data)).toContain(`${inGroup.id}#0`);
    expect((await bank('', await signedInAs(t.app, carla))).data).toHaveLength(2);
    const lapsed = await createUser(t.app);
    await addMember(t.app, group, lapsed, { expiresAt: minutesAgo(1) });
    expect((await bank('', await signedInAs(t.app, lapsed))).data).toHaveLength(1);
  });

  it('leaves out questions of suspended authors', async () => {
    await seedBank();
    const suspended = await createUser(t.app, { userType: 'professor', suspendedAt: new Date() });
    await createPost(t.app, suspended, { type: 'question' });
    expect((await bank()).data).toHaveLength(5);
  });

  it.each([
    ['an unknown subject', '?subject=alquimia', STUDY_LOOP_MESSAGES.subjectInvalid],
    ['an unknown exam', '?exam=vestibulinho', STUDY_LOOP_MESSAGES.examInvalid],
    ['a year before 1990', '?year=1989', STUDY_LOOP_MESSAGES.yearInvalid],
    ['a year after this one', `?year=${new Date().getFullYear() + 1}`, STUDY_LOOP_MESSAGES.yearInvalid],
    ['a year that is no number', '?year=dois-mil', STUDY_LOOP_MESSAGES.yearInvalid],
    ['a topic of 61 characters', `?topic=${'a'.repeat(61)}`, STUDY_LOOP_MESSAGES.topicTooLong],
    ['an unknown status', '?status=skipped', STUDY_LOOP_MESSAGES.statusInvalid],
    ['limit=1000', '?limit=1000', STUDY_LOOP_MESSAGES.limitInvalid],
    ['limit=0', '?limit=0', STUDY_LOOP_MESSAGES.limitInvalid],
    ['a search of 101 characters', `?search=${'a'.repeat(101)}`, STUDY_LOOP_MESSAGES.searchTooLong],
  ])('refuses %s with a pt-BR 400', async (_, query, message) => {
    const res = await get(`/api/questions${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('refuses a tampered or foreign cursor with 400', async () => {
    for (let i = 0; i < 3; i++)
      await createPost(t.app, carla, { type: 'question', createdAt: minutesAgo(i) });
    const { nextCursor } = await bank('?limit=1');
    if (!nextCursor) throw new Error('expected a cursor');
    const [body = '', signature = ''] = nextCursor.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, i: 5 })).toString('base64url');
    const notebookCursor = (await get('/api/notebook')).json().nextCursor;
    expect(notebookCursor).toBeNull();
    for (const cursor of [
      `${forged}.${signature}`,
      'abc',
      `${body}.`,
      `${nextCursor}x`,
      `${body}.${signature}.x`,
    ]) {
      const res = await get(`/api/questions?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: STUDY_LOOP_MESSAGES.cursorInvalid, code: 'BAD_REQUEST' });
    }
  });

  it('is in the OpenAPI document with the caderno and review calls', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    for (const path of [
      '/api/questions',
      '/api/notebook',
      '/api/notebook/{id}',
      '/api/reviews/due',
      '/api/reviews/{entryId}',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('needs a signed-in, verified user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/questions' })).statusCode).toBe(401);
  });
});
