import { POST_MESSAGES, STUDY_LOOP_MESSAGES } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { postAnswers, posts, questionItems } from '../../db/schema/index.ts';

// Issue 19: the answer key stays on the server until the viewer answers, in every reply that
// carries a question (feed, detail, group, saved, profile, bank); questions carry their metadata.

type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;
let author: User;
let viewer: User;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  author = await createUser(t.app, { userType: 'professor' });
  viewer = await createUser(t.app);
  cookie = await signedInAs(t.app, viewer);
});
afterAll(async () => {
  await t.app.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: as } });

interface Shown {
  questionData?: { correctAnswer?: number; explanation?: string };
  questionSetData?: { questions: { correctAnswer?: number; explanation?: string }[] };
}

/** Every reply that carries the post, as this viewer gets it: feed, detail, group or main, saved, profile, bank. */
async function everyReply(postId: string, groupId: string | null, as = cookie) {
  const find = (list: { id: string }[]) => list.find((post) => post.id === postId) as Shown | undefined;
  const replies: Record<string, Shown | undefined> = {
    detail: (await call('GET', `/api/posts/${postId}`, undefined, as)).json().data,
    saved: find((await call('GET', '/api/posts/saved', undefined, as)).json().data),
  };
  if (groupId) {
    replies.group = find(
      (await call('GET', `/api/study-groups/${groupId}/posts`, undefined, as)).json().data,
    );
  } else {
    replies.feed = find((await call('GET', '/api/posts', undefined, as)).json().data);
    replies.profile = find((await call('GET', `/api/users/${author.id}/posts`, undefined, as)).json().data);
  }
  const bank = (await call('GET', '/api/questions?limit=50', undefined, as)).json().data as {
    postId: string;
    questionData: { correctAnswer?: number; explanation?: string };
  }[];
  const bankItems = bank.filter((item) => item.postId === postId);
  for (const [where, post] of Object.entries(replies)) expect(post, where).toBeDefined();
  expect(bankItems.length).toBeGreaterThan(0);
  return { replies, bankItems };
}

function keysOf(post: Shown | undefined) {
  if (post?.questionData) return [post.questionData];
  return post?.questionSetData?.questions ?? [];
}

describe.each([
  { where: 'the main feed', inGroup: false },
  { where: 'a group', inGroup: true },
])('answer keys of a question in $where', ({ inGroup }) => {
  it('are absent from every reply before the viewer answers and present in every one after', async () => {
    const group = inGroup ? await createGroup(t.app, author) : null;
    if (group) await addMember(t.app, group, viewer);
    const question = await createPost(t.app, author, { type: 'question', studyGroupId: group?.id ?? null });
    await call('POST', `/api/posts/${question.id}/save`);

    const before = await everyReply(question.id, group?.id ?? null);
    for (const [where, post] of Object.entries(before.replies)) {
      expect(post?.questionData?.correctAnswer, where).toBeUndefined();
      expect(post?.questionData?.explanation, where).toBeUndefined();
    }
    for (const item of before.bankItems) expect(item.questionData).not.toHaveProperty('correctAnswer');

    const answer = await call('POST', `/api/posts/${question.id}/answer`, { optionIndex: 0 });
    expect(answer.json().data).toMatchObject({ correctAnswer: 1, explanation: '$2x = 8$, logo $x = 4$.' });

    const after = await everyReply(question.id, group?.id ?? null);
    for (const [where, post] of Object.entries(after.replies)) {
      expect(post?.questionData, where).toMatchObject({
        correctAnswer: 1,
        explanation: '$2x = 8$, logo $x = 4$.',
      });
    }
    for (const item of after.bankItems) expect(item.questionData).toMatchObject({ correctAnswer: 1 });
  });

  it('of a quiz show question by question as they are answered in the bank, all after an attempt', async () => {
    const group = inGroup ? await createGroup(t.app, author) : null;
    if (group) await addMember(t.app, group, viewer);
    const quiz = await createPost(t.app, author, { type: 'question_set', studyGroupId: group?.id ?? null });
    await call('POST', `/api/posts/${quiz.id}/save`);

    const before = await everyReply(quiz.id, group?.id ?? null);
    for (const [where, post] of Object.entries(before.replies)) {
      for (const key of keysOf(post)) expect(key.correctAnswer, where).toBeUndefined();
    }
    expect(before.bankItems).toHaveLength(2);

    const single = await call('POST', `/api/posts/${quiz.id}/answer`, { optionIndex: 3, questionIndex: 1 });
    expect(single.statusCode).toBe(201);
    expect(single.json().data).toEqual({
      questionIndex: 1,
      optionIndex: 3,
      isCorrect: false,
      correctAnswer: 0,
      explanation: 'No núcleo.',
      optionShares: null,
    });
    const halfway = await everyReply(quiz.id, group?.id ?? null);
    for (const [where, post] of Object.entries(halfway.replies)) {
      const [first, second] = keysOf(post);
      expect(first?.correctAnswer, where).toBeUndefined();
      expect(second, where).toMatchObject({ correctAnswer: 0, explanation: 'No núcleo.' });
    }
    const detail = (await call('GET', `/api/posts/${quiz.id}`)).json().data;
    expect(detail.viewerQuestionAnswers).toEqual([null, 3]);
    expect(detail.viewerQuizAttempt).toBeNull();

    expect((await call('POST', `/api/posts/${quiz.id}/quiz-attempts`, { answers: [1, 0] })).statusCode).toBe(
      201,
    );
    const after = await everyReply(quiz.id, group?.id ?? null);
    for (const [where, post] of Object.entries(after.replies)) {
      expect(
        keysOf(post).map((key) => key.correctAnswer),
        where,
      ).toEqual([1, 0]);
    }
    // The first answer stands: question 2 stays wrong (3), question 1 is the attempt's.
    expect((await call('GET', `/api/posts/${quiz.id}`)).json().data.viewerQuestionAnswers).toEqual([1, 3]);
  });
});

describe('the author', () => {
  it('sees the key of their own question and quiz everywhere, in the bank too', async () => {
    const question = await createPost(t.app, author, { type: 'question' });
    await createPost(t.app, author, { type: 'question_set' });
    const own = await signedInAs(t.app, author);
    expect(
      (await call('GET', `/api/posts/${question.id}`, undefined, own)).json().data.questionData,
    ).toMatchObject({
      correctAnswer: 1,
    });
    const bank = (await call('GET', '/api/questions', undefined, own)).json().data;
    expect(bank).toHaveLength(3);
    for (const item of bank) {
      expect(item.questionData.correctAnswer).toEqual(expect.any(Number));
      expect(item.community).toEqual({ answersCount: 0, correctPercentage: 0 });
    }
  });
});

describe('answering a quiz question on its own', () => {
  it('needs the question index, refuses one the quiz does not have and a second answer', async () => {
    const quiz = await createPost(t.app, author, { type: 'question_set' });
    const url = `/api/posts/${quiz.id}/answer`;
    const missing = await call('POST', url, { optionIndex: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: STUDY_LOOP_MESSAGES.questionIndexRequired, code: 'BAD_REQUEST' });
    const outside = await call('POST', url, { optionIndex: 0, questionIndex: 2 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toBe(STUDY_LOOP_MESSAGES.questionIndexInvalid);
    expect((await call('POST', url, { optionIndex: 1, questionIndex: 0 })).statusCode).toBe(201);
    const again = await call('POST', url, { optionIndex: 1, questionIndex: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(POST_MESSAGES.alreadyAnswered);
    expect(await t.app.ctx.database.db.select().from(postAnswers)).toHaveLength(1);
  });

  it('refuses a question index on a question post other than 0', async () => {
    const question = await createPost(t.app, author, { type: 'question' });
    const res = await call('POST', `/api/posts/${question.id}/answer`, { optionIndex: 1, questionIndex: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(STUDY_LOOP_MESSAGES.questionIndexInvalid);
    expect(
      (await call('POST', `/api/posts/${question.id}/answer`, { optionIndex: 1, questionIndex: 0 }))
        .statusCode,
    ).toBe(201);
  });

  it('is refused once an attempt at the quiz answered it', async () => {
    const quiz = await createPost(t.app, author, { type: 'question_set' });
    await call('POST', `/api/posts/${quiz.id}/quiz-attempts`, { answers: [0, 0] });
    const res = await call('POST', `/api/posts/${quiz.id}/answer`, { optionIndex: 1, questionIndex: 0 });
    expect(res.statusCode).toBe(409);
  });
});

describe('question metadata', () => {
  const meta = { subject: 'matematica', topic: '  Funções do 1º grau  ', exam: 'enem', year: 2024 };
  const questionData = {
    question: 'Quanto vale $x$ em $3x = 12$?',
    options: ['2', '3', '4', '6'],
    correctAnswer: 2,
  };

  it('is stored trimmed and returned the same way on question posts and each quiz question', async () => {
    const res = await call('POST', '/api/posts', {
      type: 'question',
      questionData: { ...questionData, ...meta },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.questionData).toMatchObject({
      subject: 'matematica',
      topic: 'Funções do 1º grau',
      exam: 'enem',
      year: 2024,
    });
    const quiz = await call('POST', '/api/posts', {
      type: 'question_set',
      questionSetData: {
        title: 'Revisão',
        questions: [
          { ...questionData, subject: 'fisica', exam: 'fuvest', year: 2019 },
          { ...questionData, topic: '' },
        ],
      },
    });
    expect(quiz.statusCode).toBe(201);
    const [first, second] = quiz.json().data.questionSetData.questions;
    expect(first).toMatchObject({ subject: 'fisica', exam: 'fuvest', year: 2019 });
    expect(second).not.toHaveProperty('topic');
    expect(second).not.toHaveProperty('subject');
    const bank = (await call('GET', '/api/questions?subject=matematica')).json().data;
    expect(bank).toHaveLength(1);
    expect(bank[0].questionData).toMatchObject({ topic: 'Funções do 1º grau', year: 2024 });
  });

  const thisYear = new Date().getFullYear();
  it.each([
    ['an unknown subject', { subject: 'alquimia' }, STUDY_LOOP_MESSAGES.subjectInvalid],
    ['an unknown exam', { exam: 'vestibulinho' }, STUDY_LOOP_MESSAGES.examInvalid],
    ['a year before 1990', { year: 1989 }, STUDY_LOOP_MESSAGES.yearInvalid],
    ['a year after this one', { year: thisYear + 1 }, STUDY_LOOP_MESSAGES.yearInvalid],
    ['a fractional year', { year: 2020.5 }, STUDY_LOOP_MESSAGES.yearInvalid],
    ['a topic of 61 characters', { topic: 'a'.repeat(61) }, STUDY_LOOP_MESSAGES.topicTooLong],
  ])(
    'refuses %s (400, pt-BR) on a question and on a quiz question, storing nothing',
    async (_, bad, message) => {
      const asQuestion = await call('POST', '/api/posts', {
        type: 'question',
        questionData: { ...questionData, ...bad },
      });
      expect(asQuestion.statusCode).toBe(400);
      expect(asQuestion.json()).toEqual({ error: message, code: 'VALIDATION_ERROR' });
      const asQuiz = await call('POST', '/api/posts', {
        type: 'question_set',
        questionSetData: { title: '', questions: [questionData, { ...questionData, ...bad }] },
      });
      expect(asQuiz.statusCode).toBe(400);
      expect(asQuiz.json().error).toBe(message);
      expect(await t.app.ctx.database.db.select().from(posts)).toEqual([]);
      expect(await t.app.ctx.database.db.select().from(questionItems)).toEqual([]);
    },
  );

  it('accepts a topic of exactly 60 characters and the years 1990 and this one', async () => {
    for (const extra of [{ topic: 'a'.repeat(60) }, { year: 1990 }, { year: thisYear }]) {
      const res = await call('POST', '/api/posts', {
        type: 'question',
        questionData: { ...questionData, ...extra },
      });
      expect(res.statusCode).toBe(201);
    }
  });
});
