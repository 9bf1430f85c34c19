import {
  bankPageSchema,
  QUESTION_REPORT_MESSAGES,
  QUESTION_REPORT_TEXT_MAX,
  QuestionReportErrorCode,
  STUDY_LOOP_MESSAGES,
} from '@estudai/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { as, createGroup, createPost, createUser } from '../../../test/factories.ts';
import {
  notebookEntries,
  notifications,
  postAnswers,
  posts,
  questionItems,
  questionReports,
  quizAttempts,
  reviewLogs,
  type StoredQuestion,
} from '../../db/schema/index.ts';

// Issue 40: 'Reportar erro na questão', the author (or an admin) correcting the key — every answer
// graded again, the caderno moving both ways, in one transaction — and anulada / desatualizada.

const M = QUESTION_REPORT_MESSAGES;
type User = Awaited<ReturnType<typeof createUser>>;
type Client = Awaited<ReturnType<typeof as>>;
let t: TestApp;
let carla: User; // the question's author
let ana: User; // answered 2 (wrong under key 0)
let bruno: User; // answered 0 (right under key 0)
let eva: User; // has not answered
let admin: User;
let api: Record<'carla' | 'ana' | 'bruno' | 'eva' | 'admin', Client>;
let postId: string;

const q = (question: string): StoredQuestion => ({
  question,
  options: ['3', '6', '−3', '2'],
  correctAnswer: 0,
  explanation: 'Basta resolver 2x − 6 = 0.',
  subject: 'matematica',
  topic: 'Funções',
});

/** Set by one test: the reporters' notification fails, and the whole correction with it. */
let failReviewed = false;
beforeAll(async () => {
  t = await buildTestApp();
  t.app.ctx.events.on('question.reviewed', async () => {
    if (failReviewed) throw new Error('the notification failed');
  });
});
beforeEach(async () => {
  await resetTestApp(t);
  carla = await createUser(t.app, { userType: 'professor', displayName: 'Carla' });
  ana = await createUser(t.app, { displayName: 'Ana' });
  bruno = await createUser(t.app, { displayName: 'Bruno' });
  eva = await createUser(t.app, { displayName: 'Eva' });
  admin = await createUser(t.app, { userType: 'admin', displayName: 'Admin' });
  api = {
    carla: await as(t.app, carla),
    ana: await as(t.app, ana),
    bruno: await as(t.app, bruno),
    eva: await as(t.app, eva),
    admin: await as(t.app, admin),
  };
  postId = (await createPost(t.app, carla, { type: 'question', questionData: q('Qual é o zero de 2x − 6?') }))
    .id;
  await answer(api.ana, postId, 2);
  await answer(api.bruno, postId, 0);
});
afterAll(async () => {
  await t.app.close();
});

async function answer(client: Client, id: string, optionIndex: number, questionIndex?: number) {
  const res = await client.post(`/api/posts/${id}/answer`, {
    optionIndex,
    ...(questionIndex === undefined ? {} : { questionIndex }),
  });
  expect(res.statusCode).toBe(201);
  await t.app.ctx.tasks.drain();
}

const db = () => t.app.ctx.database.db;
const reports = () => db().select().from(questionReports);
const item = async (id = postId, questionIndex = 0) =>
  (
    await db()
      .select()
      .from(questionItems)
      .where(and(eq(questionItems.postId, id), eq(questionItems.questionIndex, questionIndex)))
  )[0]!;
const entriesOf = (user: User) =>
  db().select().from(notebookEntries).where(eq(notebookEntries.userId, user.id));
const notificationsOf = (user: User) =>
  db().select().from(notifications).where(eq(notifications.userId, user.id));

async function bank(client: Client, query = '') {
  const res = await client.get(`/api/questions?limit=50${query}`);
  expect(res.statusCode).toBe(200);
  return bankPageSchema.parse(res.json()).data;
}

describe('POST /api/posts/{postId}/question-reports', () => {
  it('stores the report and tells the question’s author, in pt-BR', async () => {
    const res = await api.ana.post(`/api/posts/${postId}/question-reports`, {
      reason: 'gabarito_errado',
      text: 'A resposta certa é 3, mas o gabarito diz outra.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      postId,
      questionIndex: 0,
      reason: 'gabarito_errado',
      message: M.reported,
    });
    const stored = await reports();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ reporterId: ana.id, closedAt: null, outcome: null });
    const told = await notificationsOf(carla);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Reportaram um erro na sua questão',
      message: 'Ana reportou: gabarito errado.',
      actionUrl: `/post/${postId}`,
    });
    // The moderators too; nobody else.
    expect(await notificationsOf(admin)).toMatchObject([
      { title: 'Erro reportado numa questão', message: 'Ana reportou: gabarito errado.' },
    ]);
    const reportTitles: string[] = [M.reportedTitle, M.reportedToModeratorsTitle];
    expect((await notificationsOf(bruno)).filter((row) => reportTitles.includes(row.title))).toEqual([]);
    // 'outro' with its text, and a quiz's question by its index.
    const quiz = await createPost(t.app, carla, { type: 'question_set' });
    const other = await api.eva.post(`/api/posts/${quiz.id}/question-reports`, {
      questionIndex: 1,
      reason: 'outro',
      text: 'A figura não aparece.',
    });
    expect(other.statusCode).toBe(201);
    expect(other.json().data).toMatchObject({
      questionIndex: 1,
      reason: 'outro',
      text: 'A figura não aparece.',
    });
  });

  it('refuses an unknown reason, outro without text, a text over 1,000 characters, storing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: 'nao_gostei' }, M.reasonInvalid],
      [{}, M.reasonInvalid],
      [{ reason: 'outro' }, M.textRequired],
      [{ reason: 'outro', text: '   ' }, M.textRequired],
      [{ reason: 'enunciado_com_erro', text: 'x'.repeat(QUESTION_REPORT_TEXT_MAX + 1) }, M.textTooLong],
      [{ reason: 'desatualizada', questionIndex: -1 }, STUDY_LOOP_MESSAGES.questionIndexInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await api.ana.post(`/api/posts/${postId}/question-reports`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error: message, code: 'VALIDATION_ERROR' });
    }
    expect(M.textTooLong).toBe('O relato deve ter no máximo 1.000 caracteres.');
    expect(await reports()).toHaveLength(0);
    const longest = await api.ana.post(`/api/posts/${postId}/question-reports`, {
      reason: 'outro',
      text: 'x'.repeat(QUESTION_REPORT_TEXT_MAX),
    });
    expect(longest.statusCode).toBe(201);
  });

  it('answers 404 for a question the viewer cannot see, an unknown or malformed id, a missing index', async () => {
    const group = await createGroup(t.app, carla);
    const members = await createPost(t.app, carla, {
      type: 'question',
      questionData: q('Só para o grupo'),
      studyGroupId: group.id,
    });
    for (const [id, index] of [
      [members.id, 0],
      [crypto.randomUUID(), 0],
      ['nao-e-um-id', 0],
      [postId, 3],
    ] as const) {
      const res = await api.ana.post(`/api/posts/${id}/question-reports`, {
        reason: 'gabarito_errado',
        questionIndex: index,
      });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe(STUDY_LOOP_MESSAGES.questionNotFound);
    }
    expect(await reports()).toHaveLength(0);
  });
});

describe('POST /api/posts/{postId}/key', () => {
  it('re-grades every answer in one go: the caderno moves both ways, the figures and the post follow', async () => {
    // Ana's wrong answer is in her caderno, reviewed once.
    const [anaEntry] = await entriesOf(ana);
    expect(anaEntry).toMatchObject({ postId, reason: 'wrong' });
    const review = await api.ana.post(`/api/reviews/${anaEntry!.id}`, {
      rating: 'good',
      clientId: crypto.randomUUID(),
      reviewedAt: new Date().toISOString(),
    });
    expect(review.statusCode, review.body).toBeLessThan(300);
    await answer(api.eva, postId, 1);
    await api.ana.post(`/api/posts/${postId}/question-reports`, { reason: 'gabarito_errado' });
    await api.eva.post(`/api/posts/${postId}/question-reports`, { reason: 'outro', text: 'É 3?' });
    expect(await entriesOf(bruno)).toHaveLength(0);
    expect((await item()).correctCount).toBe(1);
    const before = new Date();

    const res = await api.carla.post(`/api/posts/${postId}/key`, { correctAnswer: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      postId,
      questionIndex: 0,
      correctAnswer: 2,
      status: 'ativa',
      nowWrong: 1,
      nowRight: 1,
      reportsClosed: 2,
      message: M.keyCorrected,
    });

    // post_answers, the bank's row and the post's own JSON.
    const answers = await db().select().from(postAnswers).where(eq(postAnswers.postId, postId));
    const graded = new Map(answers.map((row) => [row.userId, row.isCorrect]));
    expect(graded).toEqual(
      new Map([
        [ana.id, true],
        [bruno.id, false],
        [eva.id, false],
      ]),
    );
    expect(await item()).toMatchObject({ correctAnswer: 2, answersCount: 3, correctCount: 1 });
    const [post] = await db().select().from(posts).where(eq(posts.id, postId));
    expect(post!.questionData).toMatchObject({ correctAnswer: 2, question: 'Qual é o zero de 2x − 6?' });
    // The caderno: Bruno's now-wrong answer enters, due now; Ana's now-right one leaves, her review kept.
    const [brunoEntry] = await entriesOf(bruno);
    expect(brunoEntry).toMatchObject({ postId, questionIndex: 0, reason: 'wrong', reps: 0 });
    expect(brunoEntry!.due.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(brunoEntry!.due.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await entriesOf(ana)).toHaveLength(0);
    const logs = await db().select().from(reviewLogs).where(eq(reviewLogs.userId, ana.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.entryId).toBeNull();
    expect(await entriesOf(eva)).toHaveLength(1);
    // The bank as each one sees it: Ana now right, 33% right.
    const [anaItem] = await bank(api.ana);
    expect(anaItem).toMatchObject({
      status: 'correct',
      questionStatus: 'ativa',
      questionData: { correctAnswer: 2 },
      community: { answersCount: 3, correctPercentage: 33 },
      notebookEntryId: null,
    });
    expect((await bank(api.bruno))[0]).toMatchObject({ status: 'wrong', notebookEntryId: brunoEntry!.id });
    const notebook = await api.bruno.get('/api/notebook');
    expect(notebook.json().data).toHaveLength(1);
    // The reports are closed and their reporters told.
    expect((await reports()).every((row) => row.closedAt && row.outcome === 'key_corrected')).toBe(true);
    for (const reporter of [ana, eva]) {
      const told = (await notificationsOf(reporter)).filter((row) => row.title === M.outcomeTitle);
      expect(told.map((row) => row.message)).toEqual([
        'O gabarito da questão foi corrigido para a alternativa C.',
      ]);
    }
    expect((await notificationsOf(bruno)).filter((row) => row.title === M.outcomeTitle)).toHaveLength(0);
  });

  it('changes nothing when any step fails: one transaction', async () => {
    await answer(api.eva, postId, 2);
    await api.ana.post(`/api/posts/${postId}/question-reports`, { reason: 'gabarito_errado' });
    const snapshot = async () => ({
      answers: (await db().select().from(postAnswers).where(eq(postAnswers.postId, postId)))
        .map((row) => `${row.userId}:${row.isCorrect}`)
        .sort(),
      item: await item(),
      post: (await db().select().from(posts).where(eq(posts.id, postId)))[0]?.questionData,
      entries: (await db().select().from(notebookEntries)).map((row) => row.id).sort(),
      reports: await reports(),
    });
    const before = await snapshot();
    failReviewed = true;
    try {
      const res = await api.carla.post(`/api/posts/${postId}/key`, { correctAnswer: 2 });
      expect(res.statusCode).toBe(500);
    } finally {
      failReviewed = false;
    }
    expect(await snapshot()).toEqual(before);
    expect(before.reports[0]?.closedAt).toBeNull();
    // And once it can, it applies.
    expect((await api.carla.post(`/api/posts/${postId}/key`, { correctAnswer: 2 })).statusCode).toBe(200);
  });

  it('keeps an entry added by hand when the answer becomes right', async () => {
    await answer(api.eva, postId, 1);
    await t.app.ctx.database.db
      .update(notebookEntries)
      .set({ reason: 'manual' })
      .where(eq(notebookEntries.userId, eva.id));
    expect((await api.carla.post(`/api/posts/${postId}/key`, { correctAnswer: 1 })).statusCode).toBe(200);
    expect(await entriesOf(eva)).toMatchObject([{ reason: 'manual' }]);
    // Ana was wrong and still is: her entry stays; Bruno now wrong enters.
    expect(await entriesOf(ana)).toHaveLength(1);
    expect(await entriesOf(bruno)).toHaveLength(1);
  });

  it('corrects a quiz’s question by its index: its JSON, its bank row and the attempts’ scores', async () => {
    const quiz = await createPost(t.app, carla, { type: 'question_set' });
    // Ana tries the quiz: 1 (right) and 1 (wrong, key 0) → 1 of 2.
    await db()
      .insert(quizAttempts)
      .values({ postId: quiz.id, userId: ana.id, answers: [1, 1], score: 1, total: 2 });
    await answer(api.ana, quiz.id, 1, 1);
    const res = await api.carla.post(`/api/posts/${quiz.id}/key`, { questionIndex: 1, correctAnswer: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ questionIndex: 1, nowRight: 1, nowWrong: 0 });
    const [post] = await db().select().from(posts).where(eq(posts.id, quiz.id));
    expect(post!.questionSetData!.questions.map((question) => question.correctAnswer)).toEqual([1, 1]);
    expect(post!.questionSetData!.title).toBe('Quiz de citologia');
    expect(await item(quiz.id, 1)).toMatchObject({ correctAnswer: 1, correctCount: 1 });
    expect(await item(quiz.id, 0)).toMatchObject({ correctAnswer: 1 });
    const [attempt] = await db().select().from(quizAttempts).where(eq(quizAttempts.postId, quiz.id));
    expect(attempt!.score).toBe(2);
  });

  it('applies ten concurrent corrections to the same key once; the others are 409', async () => {
    await api.ana.post(`/api/posts/${postId}/question-reports`, { reason: 'gabarito_errado' });
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => api.carla.post(`/api/posts/${postId}/key`, { correctAnswer: 2 })),
    );
    const codes = replies.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const refused = replies.find((res) => res.statusCode === 409)!;
    expect(refused.json()).toEqual({ error: M.sameKey, code: QuestionReportErrorCode.sameKey });
    expect(await item()).toMatchObject({ correctAnswer: 2, correctCount: 1, answersCount: 2 });
    expect(await entriesOf(bruno)).toHaveLength(1);
    expect(await entriesOf(ana)).toHaveLength(0);
    const told = (await notificationsOf(ana)).filter((row) => row.title === M.outcomeTitle);
    expect(told).toHaveLength(1);
  });

  it('is for the author or an admin: 403 to a reader, 404 to one who cannot see it, 400 for a missing option', async () => {
    const refused = await api.ana.post(`/api/posts/${postId}/key`, { correctAnswer: 2 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: M.notAllowed, code: QuestionReportErrorCode.notAllowed });
    const same = await api.carla.post(`/api/posts/${postId}/key`, { correctAnswer: 0 });
    expect(same.statusCode).toBe(409);
    const cases: [Record<string, unknown>, string][] = [
      [{ correctAnswer: 4 }, 'BAD_REQUEST'],
      [{ correctAnswer: -1 }, 'VALIDATION_ERROR'],
      [{ correctAnswer: 'b' }, 'VALIDATION_ERROR'],
      [{}, 'VALIDATION_ERROR'],
    ];
    for (const [payload, code] of cases) {
      const res = await api.carla.post(`/api/posts/${postId}/key`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error: M.correctAnswerInvalid, code });
    }
    const group = await createGroup(t.app, carla);
    const members = await createPost(t.app, carla, {
      type: 'question',
      questionData: q('Só para o grupo'),
      studyGroupId: group.id,
    });
    const hidden = await api.ana.post(`/api/posts/${members.id}/key`, { correctAnswer: 1 });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toBe(STUDY_LOOP_MESSAGES.questionNotFound);
    expect((await api.ana.post('/api/posts/nao-e-um-id/key', { correctAnswer: 1 })).statusCode).toBe(404);
    // Nothing changed.
    expect(await item()).toMatchObject({ correctAnswer: 0, correctCount: 1 });
    expect(await entriesOf(ana)).toHaveLength(1);
    // An admin reaches any question, the group's too.
    expect((await api.admin.post(`/api/posts/${members.id}/key`, { correctAnswer: 1 })).statusCode).toBe(200);
    expect((await api.admin.post(`/api/posts/${postId}/key`, { correctAnswer: 2 })).statusCode).toBe(200);
    expect(await item()).toMatchObject({ correctAnswer: 2 });
  });
});

describe('POST /api/posts/{postId}/status', () => {
  it('anuls once (409 twice), closes the reports and tells their reporters; the bank hides it unless asked', async () => {
    await api.ana.post(`/api/posts/${postId}/question-reports`, { reason: 'enunciado_com_erro' });
    expect((await bank(api.eva)).map((question) => question.postId)).toEqual([postId]);
    const res = await api.carla.post(`/api/posts/${postId}/status`, { status: 'anulada' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'anulada', reportsClosed: 1, message: M.markedAnulada });
    const again = await api.carla.post(`/api/posts/${postId}/status`, { status: 'anulada' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: M.alreadyAnulada, code: QuestionReportErrorCode.sameStatus });
    expect((await item()).status).toBe('anulada');
    expect((await reports())[0]).toMatchObject({ outcome: 'anulada' });
    const told = (await notificationsOf(ana)).filter((row) => row.title === M.outcomeTitle);
    expect(told.map((row) => row.message)).toEqual(['A questão foi anulada.']);
    // The bank: hidden, and its count; shown with includeInactive=true, with its status.
    expect(await bank(api.eva)).toEqual([]);
    expect((await api.eva.get('/api/questions')).json().total).toBe(0);
    const all = await bank(api.eva, '&includeInactive=true');
    expect(all.map((question) => [question.postId, question.questionStatus])).toEqual([[postId, 'anulada']]);
    expect((await api.eva.get('/api/questions?includeInactive=talvez')).statusCode).toBe(400);
    // The viewer's answer filter still works beside it.
    expect(await bank(api.ana, '&includeInactive=true&status=wrong')).toHaveLength(1);
  });

  it('marks desatualizada (409 twice), refuses a reader (403), an unknown status (400), an unseen question (404)', async () => {
    const reader = await api.ana.post(`/api/posts/${postId}/status`, { status: 'desatualizada' });
    expect(reader.statusCode).toBe(403);
    const bad = await api.carla.post(`/api/posts/${postId}/status`, { status: 'apagada' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: M.markInvalid, code: 'VALIDATION_ERROR' });
    expect(
      (await api.ana.post(`/api/posts/${crypto.randomUUID()}/status`, { status: 'anulada' })).statusCode,
    ).toBe(404);
    expect((await item()).status).toBe('ativa');
    const res = await api.admin.post(`/api/posts/${postId}/status`, { status: 'desatualizada' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'desatualizada', message: M.markedDesatualizada });
    const twice = await api.carla.post(`/api/posts/${postId}/status`, { status: 'desatualizada' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(M.alreadyDesatualizada);
    expect(await bank(api.eva)).toEqual([]);
    expect((await bank(api.eva, '&includeInactive=true'))[0]?.questionStatus).toBe('desatualizada');
    // A desatualizada question may still be anulada afterwards.
    expect((await api.carla.post(`/api/posts/${postId}/status`, { status: 'anulada' })).statusCode).toBe(200);
  });
});
