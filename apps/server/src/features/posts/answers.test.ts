import { ErrorCode, POST_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { pollVotes, postAnswers, posts, quizAttempts } from '../../db/schema/index.ts';

let t: TestApp;
let cookie: string;
let author: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  author = await createUser(t.app, { userType: 'professor' });
  cookie = await signedInAs(t.app, await createUser(t.app));
});
afterAll(async () => {
  await t.app.close();
});

const post = (url: string, payload: object, as = cookie) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie: as } });
const get = (url: string, as = cookie) => t.app.inject({ method: 'GET', url, headers: { cookie: as } });

describe('POST /api/posts/{id}/answer', () => {
  it('hides the answer key until the viewer answers, then stores and reveals it, also after a reload', async () => {
    const question = await createPost(t.app, author, { type: 'question' });
    const before = (await get(`/api/posts/${question.id}`)).json().data;
    expect(before.questionData).toEqual({
      question: 'Quanto vale $x$ em $2x + 3 = 11$?',
      options: ['2', '4', '6', '8'],
    });
    expect(before.viewerAnswer).toBeNull();
    const feedBefore = (await get('/api/posts')).json().data[0];
    expect(feedBefore.questionData.correctAnswer).toBeUndefined();

    const res = await post(`/api/posts/${question.id}/answer`, { optionIndex: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      optionIndex: 2,
      isCorrect: false,
      correctAnswer: 1,
      explanation: '$2x = 8$, logo $x = 4$.',
      // One answer: too few to say what others chose (issue 40).
      optionShares: null,
    });

    const after = (await get(`/api/posts/${question.id}`)).json().data;
    expect(after.viewerAnswer).toBe(2);
    expect(after.questionData).toMatchObject({ correctAnswer: 1, explanation: '$2x = 8$, logo $x = 4$.' });
    const [stored] = await t.app.ctx.database.db
      .select()
      .from(postAnswers)
      .where(eq(postAnswers.postId, question.id));
    expect(stored).toMatchObject({ optionIndex: 2, isCorrect: false });
  });

  it("refuses the author's answer to their own question or quiz (403, pt-BR, a code) and stores nothing, while they see the key", async () => {
    const mine = await signedInAs(t.app, author);
    const question = await createPost(t.app, author, { type: 'question' });
    const quiz = await createPost(t.app, author, { type: 'question_set' });
    const replies = [
      await post(`/api/posts/${question.id}/answer`, { optionIndex: 1 }, mine),
      await post(`/api/posts/${quiz.id}/answer`, { optionIndex: 0, questionIndex: 0 }, mine),
      await post(`/api/posts/${quiz.id}/quiz-attempts`, { answers: [0, 0] }, mine),
    ];
    for (const reply of replies) {
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({
        error: 'Você não pode responder à sua própria questão.',
        code: ErrorCode.ownQuestion,
      });
    }
    expect(await t.app.ctx.database.db.select().from(postAnswers)).toHaveLength(0);
    expect(await t.app.ctx.database.db.select().from(quizAttempts)).toHaveLength(0);
    const seen = (await get(`/api/posts/${question.id}`, mine)).json().data;
    expect(seen).toMatchObject({ viewerAnswer: null, questionData: { correctAnswer: 1 } });
  });

  it('says what others chose from the 10th first answer on: the share per option, this answer included (issue 40)', async () => {
    const question = await createPost(t.app, author, { type: 'question' });
    const others = await Promise.all(Array.from({ length: 9 }, () => createUser(t.app)));
    // Nine earlier first answers: five chose '4' (the key), three '2', one '8'.
    await t.app.ctx.database.db.insert(postAnswers).values(
      others.map((user, i) => {
        const optionIndex = i < 5 ? 1 : i < 8 ? 0 : 3;
        return {
          postId: question.id,
          userId: user.id,
          questionIndex: 0,
          optionIndex,
          isCorrect: optionIndex === 1,
        };
      }),
    );
    const res = await post(`/api/posts/${question.id}/answer`, { optionIndex: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.optionShares).toEqual([0.4, 0.5, 0, 0.1]);

    // The bank shows the same figures to whoever answered, and none to whoever did not.
    const bankItem = (await get('/api/questions')).json().data[0];
    expect(bankItem.optionShares).toEqual([0.4, 0.5, 0, 0.1]);
    const stranger = await signedInAs(t.app, await createUser(t.app));
    expect((await get('/api/questions', stranger)).json().data[0]).not.toHaveProperty('optionShares');
  });

  it('marks a right answer correct', async () => {
    const question = await createPost(t.app, author, { type: 'question' });
    const res = await post(`/api/posts/${question.id}/answer`, { optionIndex: 1 });
    expect(res.json().data).toMatchObject({ optionIndex: 1, isCorrect: true, correctAnswer: 1 });
  });

  it('refuses a second answer (409), also when sent ten times at once', async () => {
    const question = await createPost(t.app, author, { type: 'question' });
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(`/api/posts/${question.id}/answer`, { optionIndex: i % 4 })),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = replies.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]?.json()).toEqual({ error: POST_MESSAGES.alreadyAnswered, code: 'CONFLICT' });
    expect(await t.app.ctx.database.db.select().from(postAnswers)).toHaveLength(1);
  });

  it.each([4, 5])('refuses option %i, which a question does not have (400)', async (optionIndex) => {
    const question = await createPost(t.app, author, { type: 'question' });
    const res = await post(`/api/posts/${question.id}/answer`, { optionIndex });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(POST_MESSAGES.optionMissing);
  });

  it('refuses answering a post that is not a question, or is missing', async () => {
    const poll = await createPost(t.app, author, { type: 'poll' });
    expect((await post(`/api/posts/${poll.id}/answer`, { optionIndex: 0 })).statusCode).toBe(400);
    const missing = await post(`/api/posts/${crypto.randomUUID()}/answer`, { optionIndex: 0 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(POST_MESSAGES.notFound);
  });
});

describe('POST /api/posts/{id}/vote', () => {
  it('stores one vote and answers the post with server totals; a reload shows the vote', async () => {
    const poll = await createPost(t.app, author, { type: 'poll' });
    const other = await signedInAs(t.app, await createUser(t.app));
    expect((await post(`/api/posts/${poll.id}/vote`, { optionIndex: 2 }, other)).statusCode).toBe(201);
    const res = await post(`/api/posts/${poll.id}/vote`, { optionIndex: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      id: poll.id,
      viewerVote: 2,
      pollData: {
        question: 'Qual matéria você mais revisa?',
        options: [
          { text: 'Matemática', votes: 0 },
          { text: 'Biologia', votes: 0 },
          { text: 'Física', votes: 2 },
        ],
        totalVotes: 2,
        expiresAt: null,
      },
    });
    const reloaded = (await get('/api/posts')).json().data[0];
    expect(reloaded.viewerVote).toBe(2);
    expect(reloaded.pollData.totalVotes).toBe(2);
  });

  it('refuses a second vote (409)', async () => {
    const poll = await createPost(t.app, author, { type: 'poll' });
    await post(`/api/posts/${poll.id}/vote`, { optionIndex: 0 });
    const res = await post(`/api/posts/${poll.id}/vote`, { optionIndex: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: POST_MESSAGES.alreadyVoted, code: 'CONFLICT' });
  });

  it('counts ten concurrent votes by one user once', async () => {
    const poll = await createPost(t.app, author, { type: 'poll' });
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(`/api/posts/${poll.id}/vote`, { optionIndex: i % 3 })),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const [row] = await t.app.ctx.database.db.select().from(posts).where(eq(posts.id, poll.id));
    expect(row?.pollVoteCounts?.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await t.app.ctx.database.db.select().from(pollVotes)).toHaveLength(1);
    expect((await get(`/api/posts/${poll.id}`)).json().data.pollData.totalVotes).toBe(1);
  });

  it('counts many users voting at once exactly', async () => {
    const poll = await createPost(t.app, author, { type: 'poll' });
    const cookies = await Promise.all(
      Array.from({ length: 9 }, async () => signedInAs(t.app, await createUser(t.app))),
    );
    await Promise.all(cookies.map((c, i) => post(`/api/posts/${poll.id}/vote`, { optionIndex: i % 3 }, c)));
    const { pollData } = (await get(`/api/posts/${poll.id}`)).json().data;
    expect(pollData.options.map((o: { votes: number }) => o.votes)).toEqual([3, 3, 3]);
    expect(pollData.totalVotes).toBe(9);
  });

  it('refuses a vote after the poll expired (409)', async () => {
    const poll = await createPost(t.app, author, {
      type: 'poll',
      pollData: {
        question: 'Encerrada?',
        options: ['Sim', 'Não'],
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      },
      pollVoteCounts: [0, 0],
    });
    const res = await post(`/api/posts/${poll.id}/vote`, { optionIndex: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: POST_MESSAGES.pollClosed, code: 'CONFLICT' });
    expect(await t.app.ctx.database.db.select().from(pollVotes)).toHaveLength(0);
  });

  it('accepts a vote before expiry', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const poll = await createPost(t.app, author, {
      type: 'poll',
      pollData: { question: 'Aberta?', options: ['Sim', 'Não'], expiresAt },
      pollVoteCounts: [0, 0],
    });
    const res = await post(`/api/posts/${poll.id}/vote`, { optionIndex: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.pollData.expiresAt).toBe(expiresAt);
  });

  it.each([
    [3, 400],
    [5, 400],
    [6, 400],
    [-1, 400],
  ])('refuses option %i of a three-option poll (%i)', async (optionIndex, status) => {
    const poll = await createPost(t.app, author, { type: 'poll' });
    const res = await post(`/api/posts/${poll.id}/vote`, { optionIndex });
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(POST_MESSAGES.optionMissing);
    expect(await t.app.ctx.database.db.select().from(pollVotes)).toHaveLength(0);
  });

  it('refuses voting on a question and on a missing post', async () => {
    const question = await createPost(t.app, author, { type: 'question' });
    expect((await post(`/api/posts/${question.id}/vote`, { optionIndex: 0 })).statusCode).toBe(400);
    expect((await post(`/api/posts/${crypto.randomUUID()}/vote`, { optionIndex: 0 })).statusCode).toBe(404);
  });
});

describe('POST /api/posts/{id}/quiz-attempts', () => {
  it('hides the quiz key, scores an attempt, stores it and shows the latest after a reload', async () => {
    const quiz = await createPost(t.app, author, { type: 'question_set' });
    const before = (await get(`/api/posts/${quiz.id}`)).json().data;
    expect(before.questionSetData.questions[0].correctAnswer).toBeUndefined();
    expect(before.viewerQuizAttempt).toBeNull();

    const res = await post(`/api/posts/${quiz.id}/quiz-attempts`, { answers: [1, 2] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      score: 1,
      total: 2,
      percentage: 50,
      review: [
        { optionIndex: 1, correctAnswer: 1, isCorrect: true },
        { optionIndex: 2, correctAnswer: 0, isCorrect: false, explanation: 'No núcleo.' },
      ],
    });
    await post(`/api/posts/${quiz.id}/quiz-attempts`, { answers: [1, 0] });
    const after = (await get(`/api/posts/${quiz.id}`)).json().data;
    expect(after.viewerQuizAttempt).toMatchObject({ score: 2, total: 2, percentage: 100 });
    expect(after.questionSetData.questions[1]).toMatchObject({ correctAnswer: 0, explanation: 'No núcleo.' });
    const stored = await t.app.ctx.database.db.select().from(quizAttempts);
    expect(stored.map((a) => a.score).sort()).toEqual([1, 2]);
  });

  it('shows the author the key without an attempt', async () => {
    const quiz = await createPost(t.app, author, { type: 'question_set' });
    const mine = (await get(`/api/posts/${quiz.id}`, await signedInAs(t.app, author))).json().data;
    expect(mine.questionSetData.questions[0].correctAnswer).toBe(1);
  });

  it('refuses an attempt that does not answer every question, or a wrong post', async () => {
    const quiz = await createPost(t.app, author, { type: 'question_set' });
    const short = await post(`/api/posts/${quiz.id}/quiz-attempts`, { answers: [1] });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Responda todas as questões.');
    expect((await post(`/api/posts/${quiz.id}/quiz-attempts`, { answers: [1, 7] })).statusCode).toBe(400);
    const text = await createPost(t.app, author);
    expect((await post(`/api/posts/${text.id}/quiz-attempts`, { answers: [1, 0] })).statusCode).toBe(400);
    expect((await post(`/api/posts/${crypto.randomUUID()}/quiz-attempts`, { answers: [0] })).statusCode).toBe(
      404,
    );
  });
});
