import { notebookEntrySchema, notebookSummarySchema, pageOf, STUDY_LOOP_MESSAGES } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { notebookEntries, type StoredQuestion } from '../../db/schema/index.ts';

// Issue 19, 'Caderno de erros': automatic entries on wrong answers, once; by hand; notes; removal.

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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: as } });
const entries = () => t.app.ctx.database.db.select().from(notebookEntries);
const list = async (query = '') => {
  const res = await call('GET', `/api/notebook${query}`);
  expect(res.statusCode).toBe(200);
  return pageOf(notebookEntrySchema).parse(res.json());
};
const q = (subject: string): StoredQuestion => ({
  question: `Questão de ${subject}`,
  options: ['A', 'B', 'C', 'D'],
  correctAnswer: 0,
  subject,
});

describe('automatic entries', () => {
  it('adds a question answered wrong, with its card due at once, and not one answered right', async () => {
    const wrong = await createPost(t.app, carla, { type: 'question' });
    const right = await createPost(t.app, carla, { type: 'question' });
    await call('POST', `/api/posts/${wrong.id}/answer`, { optionIndex: 3 });
    await call('POST', `/api/posts/${right.id}/answer`, { optionIndex: 1 });
    const page = await list();
    expect(page.data).toHaveLength(1);
    const [entry] = page.data;
    expect(entry).toMatchObject({
      reason: 'wrong',
      note: '',
      question: {
        postId: wrong.id,
        questionIndex: 0,
        status: 'wrong',
        viewerAnswer: 3,
        questionData: { correctAnswer: 1 },
      },
      card: { state: 'new', reps: 0, lapses: 0, stability: 0, difficulty: 0, lastReview: null },
    });
    expect(entry?.question.notebookEntryId).toBe(entry?.id);
    expect(Date.parse(entry?.card.due ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('adds one entry for ten concurrent wrong answers to a question', async () => {
    const question = await createPost(t.app, carla, { type: 'question' });
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `/api/posts/${question.id}/answer`, { optionIndex: 2 })),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await entries()).toHaveLength(1);
  });

  it('adds one entry per wrong quiz question for ten concurrent attempts, and a quiz question answered wrong alone', async () => {
    const quiz = await createPost(t.app, carla, { type: 'question_set' });
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', `/api/posts/${quiz.id}/quiz-attempts`, { answers: [3, 3] }),
      ),
    );
    expect(replies.every((r) => r.statusCode === 201)).toBe(true);
    const rows = await entries();
    expect(rows.map((row) => row.questionIndex).sort()).toEqual([0, 1]);
    expect(rows.every((row) => row.reason === 'wrong' && row.userId === ana.id)).toBe(true);

    const other = await createPost(t.app, carla, { type: 'question_set' });
    await call('POST', `/api/posts/${other.id}/answer`, { optionIndex: 2, questionIndex: 1 });
    await call('POST', `/api/posts/${other.id}/answer`, { optionIndex: 1, questionIndex: 0 });
    const added = (await entries()).filter((row) => row.postId === other.id);
    expect(added.map((row) => row.questionIndex)).toEqual([1]);
  });

  it('adds a question again when a later quiz attempt gets it wrong after it was removed', async () => {
    const quiz = await createPost(t.app, carla, { type: 'question_set' });
    await call('POST', `/api/posts/${quiz.id}/quiz-attempts`, { answers: [3, 0] });
    const [entry] = await entries();
    await call('DELETE', `/api/notebook/${entry?.id}`);
    expect(await entries()).toEqual([]);
    await call('POST', `/api/posts/${quiz.id}/quiz-attempts`, { answers: [3, 0] });
    expect(await entries()).toHaveLength(1);
  });
});

describe('POST /api/notebook', () => {
  it('adds any question the viewer can see, unanswered ones without their key; twice is the same entry', async () => {
    const question = await createPost(t.app, carla, { type: 'question' });
    const quiz = await createPost(t.app, carla, { type: 'question_set' });
    const first = await call('POST', '/api/notebook', { postId: question.id });
    expect(first.statusCode).toBe(201);
    const entry = notebookEntrySchema.parse(first.json().data);
    expect(entry).toMatchObject({
      reason: 'manual',
      question: { postId: question.id, status: 'unanswered' },
    });
    expect(entry.question.questionData).not.toHaveProperty('correctAnswer');
    const again = await call('POST', '/api/notebook', { postId: question.id, questionIndex: 0 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(entry.id);

    const quizEntry = await call('POST', '/api/notebook', { postId: quiz.id, questionIndex: 1 });
    expect(quizEntry.statusCode).toBe(201);
    expect(quizEntry.json().data.question).toMatchObject({ postId: quiz.id, questionIndex: 1 });
    expect(await entries()).toHaveLength(2);
    // Answering it wrong afterwards keeps the one entry, reason 'manual'.
    await call('POST', `/api/posts/${question.id}/answer`, { optionIndex: 0 });
    expect((await entries()).find((row) => row.postId === question.id)?.reason).toBe('manual');
  });

  it('answers 404 for a question the viewer cannot see or that does not exist, and changes nothing', async () => {
    const group = await createGroup(t.app, carla);
    const membersOnly = await createPost(t.app, carla, { type: 'question', studyGroupId: group.id });
    const text = await createPost(t.app, carla);
    const quiz = await createPost(t.app, carla, { type: 'question_set' });
    const suspended = await createUser(t.app, { suspendedAt: new Date() });
    const hidden = await createPost(t.app, suspended, { type: 'question' });
    for (const body of [
      { postId: membersOnly.id },
      { postId: text.id },
      { postId: hidden.id },
      { postId: crypto.randomUUID() },
      { postId: 'nao-e-um-id' },
      { postId: quiz.id, questionIndex: 2 },
    ]) {
      const res = await call('POST', '/api/notebook', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toEqual({ error: STUDY_LOOP_MESSAGES.questionNotFound, code: 'NOT_FOUND' });
    }
    const noIndex = await call('POST', '/api/notebook', { postId: quiz.id });
    expect(noIndex.statusCode).toBe(400);
    expect(noIndex.json().error).toBe(STUDY_LOOP_MESSAGES.questionIndexRequired);
    expect(await entries()).toEqual([]);
    await addMember(t.app, group, ana);
    expect((await call('POST', '/api/notebook', { postId: membersOnly.id })).statusCode).toBe(201);
  });

  it('refuses unknown fields and a negative index (400)', async () => {
    const question = await createPost(t.app, carla, { type: 'question' });
    expect((await call('POST', '/api/notebook', { postId: question.id, extra: 1 })).statusCode).toBe(400);
    const negative = await call('POST', '/api/notebook', { postId: question.id, questionIndex: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error).toBe(STUDY_LOOP_MESSAGES.questionIndexInvalid);
    expect(await entries()).toEqual([]);
  });
});

describe('PATCH and DELETE /api/notebook/{id}', () => {
  async function entryOfAna() {
    const question = await createPost(t.app, carla, { type: 'question' });
    return (await call('POST', '/api/notebook', { postId: question.id })).json().data.id as string;
  }

  it('writes the private note, trimmed, and clears it with an empty one', async () => {
    const id = await entryOfAna();
    const res = await call('PATCH', `/api/notebook/${id}`, { note: '  Confundi o sinal.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, note: 'Confundi o sinal.' });
    expect((await call('PATCH', `/api/notebook/${id}`, { note: 'a'.repeat(1000) })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/notebook/${id}`, { note: '' })).json().data.note).toBe('');
  });

  it('refuses a note of 1,001 characters and changes nothing', async () => {
    const id = await entryOfAna();
    await call('PATCH', `/api/notebook/${id}`, { note: 'Antes' });
    const res = await call('PATCH', `/api/notebook/${id}`, { note: 'a'.repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: STUDY_LOOP_MESSAGES.noteTooLong, code: 'VALIDATION_ERROR' });
    const missing = await call('PATCH', `/api/notebook/${id}`, {});
    expect(missing.json().error).toBe(STUDY_LOOP_MESSAGES.noteRequired);
    expect((await entries())[0]?.note).toBe('Antes');
  });

  it("answers 404 for someone else's entry, an unknown one and a malformed id, changing nothing", async () => {
    const id = await entryOfAna();
    const bruno = await signedInAs(t.app, await createUser(t.app));
    for (const [method, url] of [
      ['PATCH', `/api/notebook/${id}`],
      ['DELETE', `/api/notebook/${id}`],
      ['PATCH', `/api/notebook/${crypto.randomUUID()}`],
      ['DELETE', '/api/notebook/abc'],
    ] as const) {
      const res = await call(method, url, method === 'PATCH' ? { note: 'x' } : undefined, bruno);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: STUDY_LOOP_MESSAGES.entryNotFound, code: 'NOT_FOUND' });
    }
    expect(await entries()).toMatchObject([{ id, note: '' }]);
  });

  it('removes the entry', async () => {
    const id = await entryOfAna();
    const res = await call('DELETE', `/api/notebook/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id } });
    expect(await entries()).toEqual([]);
    expect((await call('DELETE', `/api/notebook/${id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/notebook', () => {
  it('lists entries newest first, filters by subject, pages by cursor and counts by subject', async () => {
    const subjects = ['fisica', 'matematica', 'fisica', 'historia', 'fisica'];
    for (const [i, subject] of subjects.entries()) {
      const question = await createPost(t.app, carla, { type: 'question', questionData: q(subject) });
      await t.app.ctx.database.db.insert(notebookEntries).values({
        userId: ana.id,
        postId: question.id,
        reason: 'manual',
        createdAt: new Date(Date.UTC(2026, 2, 1, 12, i)),
        due: new Date(Date.UTC(2026, 2, 1, 12, i)),
      });
    }
    await createPost(t.app, carla, { type: 'question' }).then((p) =>
      call('POST', '/api/notebook', { postId: p.id }),
    );

    const all = await list('?limit=50');
    expect(all.data).toHaveLength(6);
    expect(all.data[0]?.question.questionData).not.toHaveProperty('subject');
    expect(all.data.slice(1).map((e) => e.question.questionData.subject)).toEqual([...subjects].reverse());

    const physics = await list('?subject=fisica&limit=2');
    expect(physics.data).toHaveLength(2);
    expect(physics.hasMore).toBe(true);
    const rest = await list(`?subject=fisica&limit=2&cursor=${physics.nextCursor}`);
    expect(rest.data).toHaveLength(1);
    expect(rest.hasMore).toBe(false);
    expect(new Set([...physics.data, ...rest.data].map((e) => e.id)).size).toBe(3);

    const summary = notebookSummarySchema.parse((await call('GET', '/api/notebook/summary')).json().data);
    expect(summary).toEqual({
      total: 6,
      dueNow: 6,
      bySubject: [
        { subject: 'fisica', count: 3 },
        { subject: 'historia', count: 1 },
        { subject: 'matematica', count: 1 },
        { subject: null, count: 1 },
      ],
    });
  });

  it('refuses an unknown subject, limit=1000 and a tampered cursor (400)', async () => {
    for (const [query, message] of [
      ['?subject=alquimia', STUDY_LOOP_MESSAGES.subjectInvalid],
      ['?limit=1000', STUDY_LOOP_MESSAGES.limitInvalid],
      ['?cursor=eyJrIjoibm90ZWJvb2sifQ.AAAA', STUDY_LOOP_MESSAGES.cursorInvalid],
    ] as const) {
      const res = await call('GET', `/api/notebook${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
  });

  it("hides entries whose question the viewer can no longer see, and shows nobody else's", async () => {
    const group = await createGroup(t.app, carla);
    await addMember(t.app, group, ana, { expiresAt: new Date(Date.now() + 60_000) });
    const question = await createPost(t.app, carla, { type: 'question', studyGroupId: group.id });
    await call('POST', `/api/posts/${question.id}/answer`, { optionIndex: 0 });
    expect((await list()).data).toHaveLength(1);
    expect((await list('')).data[0]?.question.studyGroupId).toBe(group.id);
    const bruno = await signedInAs(t.app, await createUser(t.app));
    expect((await call('GET', '/api/notebook', undefined, bruno)).json().data).toEqual([]);
    const { groupMemberships } = await import('../../db/schema/index.ts');
    await t.app.ctx.database.db.update(groupMemberships).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await list()).data).toEqual([]);
  });
});
