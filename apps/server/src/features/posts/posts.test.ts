import {
  GROUP_MESSAGES,
  MEDIA_MESSAGES,
  POST_MESSAGES,
  postSchema,
  QUIZ_QUESTIONS_MAX,
  textTooLong,
} from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs, uploadedMedia } from '../../../test/factories.ts';
import { plansOf } from '../../../test/plans.ts';
import { postLikes, posts } from '../../db/schema/index.ts';
import { cursorKey } from './cursor.ts';
import { listSavedRows } from './posts.queries.ts';

let t: TestApp;
let cookie: string;
let me: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  me = await createUser(t.app, { displayName: 'Ana Souza' });
  cookie = await signedInAs(t.app, me);
});
afterAll(async () => {
  await t.app.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: as } });
const create = (body: object) => call('POST', '/api/posts', body);

const question = {
  question: 'Qual é a derivada de $x^2$?',
  options: ['$x$', '$2x$', '$x^2$', '$2$'],
  correctAnswer: 1,
  explanation: 'Regra do tombo: $$\\frac{d}{dx}x^n = nx^{n-1}$$',
};

describe('POST /api/posts', () => {
  it('creates a text post on the main feed and answers 201 with the full post', async () => {
    const res = await create({ type: 'text', content: '  Bora revisar logaritmos hoje!  ' });
    expect(res.statusCode).toBe(201);
    const post = postSchema.parse(res.json().data);
    expect(post).toMatchObject({
      type: 'text',
      content: 'Bora revisar logaritmos hoje!',
      studyGroupId: null,
      author: { id: me.id, displayName: 'Ana Souza', username: me.username, userType: 'aluno' },
      mediaUrls: [],
      likesCount: 0,
      commentsCount: 0,
      sharesCount: 0,
      isLiked: false,
      isSaved: false,
    });
    expect(Date.now() - Date.parse(post.createdAt)).toBeLessThan(60_000);
  });

  it('creates a question and shows its author the answer key', async () => {
    const res = await create({ type: 'question', questionData: question });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      type: 'question',
      content: '',
      questionData: question,
      viewerAnswer: null,
    });
  });

  it('creates a poll, dropping blank options, with zeroed totals and an ISO expiry', async () => {
    const expiresAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const res = await create({
      type: 'poll',
      pollData: {
        question: 'Melhor horário para estudar?',
        options: ['Manhã', '  ', { text: 'Noite', votes: 99 }],
        expiresAt,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.pollData).toEqual({
      question: 'Melhor horário para estudar?',
      options: [
        { text: 'Manhã', votes: 0 },
        { text: 'Noite', votes: 0 },
      ],
      totalVotes: 0,
      expiresAt,
    });
    expect(res.json().data.viewerVote).toBeNull();
  });

  it('creates a quiz of questions, each valid as a question', async () => {
    const res = await create({
      type: 'question_set',
      questionSetData: { title: 'Cinemática', questions: [question, { ...question, correctAnswer: 3 }] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.questionSetData.questions).toHaveLength(2);
    expect(res.json().data.viewerQuizAttempt).toBeNull();
  });

  it.each(['photo', 'attachment'] as const)(
    "creates a %s post of the author's uploads, trimmed",
    async (type) => {
      const purpose = type === 'photo' ? 'post_image' : 'post_attachment';
      const [a, b] = [await uploadedMedia(t.app, me, purpose), await uploadedMedia(t.app, me, purpose)];
      const res = await create({ type, content: 'Mapa mental de citologia', mediaUrls: [`  ${a} `, b] });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.mediaUrls).toEqual([a, b]);
    },
  );

  it.each([
    ['photo', 'post_image', MEDIA_MESSAGES.photoNotUploaded],
    ['attachment', 'post_attachment', MEDIA_MESSAGES.attachmentNotUploaded],
  ] as const)(
    "refuses a %s post of outside addresses or of someone else's uploads (issue 37)",
    async (type, purpose, message) => {
      const other = await uploadedMedia(t.app, await createUser(t.app), purpose);
      const wrongKind = await uploadedMedia(
        t.app,
        me,
        purpose === 'post_image' ? 'post_attachment' : 'post_image',
      );
      for (const url of ['https://rastreador.example/pixel.png', other, wrongKind]) {
        const res = await create({ type, content: 'Olha isso', mediaUrls: [url] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: message, code: 'MEDIA_NOT_UPLOADED' });
      }
      expect(await t.app.ctx.database.db.select().from(posts)).toEqual([]);
    },
  );

  it('stores <script> as typed and returns it verbatim as JSON, never as HTML', async () => {
    const content = '<script>alert("oi")</script> & <b>negrito</b> $a<b$';
    const res = await create({ type: 'text', content });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().data.content).toBe(content);
    const [row] = await t.app.ctx.database.db.select().from(posts).where(eq(posts.id, res.json().data.id));
    expect(row?.content).toBe(content);
    const read = await call('GET', `/api/posts/${res.json().data.id}`);
    expect(read.headers['content-type']).toMatch(/^application\/json/);
    expect(read.json().data.content).toBe(content);
  });

  const fourOptions = question.options;
  it.each([
    ['an empty text post', { type: 'text', content: '   ' }, POST_MESSAGES.contentRequired],
    [
      'content over 5,000 characters',
      { type: 'text', content: 'a'.repeat(5001) },
      POST_MESSAGES.contentTooLong,
    ],
    [
      'a question without text',
      { type: 'question', questionData: { ...question, question: ' ' } },
      POST_MESSAGES.questionRequired,
    ],
    [
      'a 6th question option',
      { type: 'question', questionData: { ...question, options: [...fourOptions, 'E', 'F'] } },
      POST_MESSAGES.questionOptions,
    ],
    [
      'a blank question option',
      { type: 'question', questionData: { ...question, options: ['a', 'b', ' ', 'd'] } },
      POST_MESSAGES.questionOptions,
    ],
    [
      'correctAnswer 7',
      { type: 'question', questionData: { ...question, correctAnswer: 7 } },
      POST_MESSAGES.correctAnswerRange,
    ],
    [
      'correctAnswer -1',
      { type: 'question', questionData: { ...question, correctAnswer: -1 } },
      POST_MESSAGES.correctAnswerRange,
    ],
    [
      'a poll with 1 option',
      { type: 'poll', pollData: { question: 'Q?', options: ['Só uma'] } },
      POST_MESSAGES.pollOptionsRange,
    ],
    [
      'a poll with 1 option after dropping blanks',
      { type: 'poll', pollData: { question: 'Q?', options: ['Uma', ' ', ''] } },
      POST_MESSAGES.pollOptionsRange,
    ],
    [
      'a poll with 7 options',
      { type: 'poll', pollData: { question: 'Q?', options: ['1', '2', '3', '4', '5', '6', '7'] } },
      POST_MESSAGES.pollOptionsRange,
    ],
    [
      'a poll without a question',
      { type: 'poll', pollData: { question: '', options: ['a', 'b'] } },
      POST_MESSAGES.pollQuestionRequired,
    ],
    [
      'a poll expiring in the past',
      { type: 'poll', pollData: { question: 'Q?', options: ['a', 'b'], expiresAt: '2020-01-01T00:00:00Z' } },
      POST_MESSAGES.pollExpiresInPast,
    ],
    [
      'a quiz without questions',
      { type: 'question_set', questionSetData: { title: 'Q', questions: [] } },
      POST_MESSAGES.quizNeedsQuestion,
    ],
    [
      'a question option over 300 characters',
      { type: 'question', questionData: { ...question, options: ['a', 'b', 'c', 'd'.repeat(301)] } },
      textTooLong(300),
    ],
    [
      'a question over 1,000 characters',
      { type: 'question', questionData: { ...question, question: 'q'.repeat(1001) } },
      textTooLong(1000),
    ],
    [
      `a quiz of ${QUIZ_QUESTIONS_MAX + 1} questions`,
      {
        type: 'question_set',
        questionSetData: {
          title: 'Q',
          questions: Array.from({ length: QUIZ_QUESTIONS_MAX + 1 }, () => question),
        },
      },
      POST_MESSAGES.quizTooManyQuestions,
    ],
    [
      'a quiz question with 1 option',
      {
        type: 'question_set',
        questionSetData: { title: 'Q', questions: [{ ...question, options: ['a'] }] },
      },
      POST_MESSAGES.questionOptions,
    ],
    [
      'a quiz with an invalid question',
      {
        type: 'question_set',
        questionSetData: { title: 'Q', questions: [{ ...question, correctAnswer: 4 }] },
      },
      POST_MESSAGES.correctAnswerRange,
    ],
    [
      'a javascript: media URL',
      { type: 'photo', mediaUrls: ['javascript:alert(1)'] },
      POST_MESSAGES.mediaInvalid,
    ],
    [
      'a data: media URL',
      { type: 'attachment', mediaUrls: ['data:text/html,<script>1</script>'] },
      POST_MESSAGES.mediaInvalid,
    ],
    ['a photo without media', { type: 'photo', mediaUrls: [] }, POST_MESSAGES.mediaRequired],
    [
      'duplicate media URLs (after trimming)',
      { type: 'photo', mediaUrls: ['https://a.com/x.png', ' https://a.com/x.png'] },
      POST_MESSAGES.mediaDuplicate,
    ],
    [
      '11 media URLs',
      { type: 'photo', mediaUrls: Array.from({ length: 11 }, (_, i) => `https://a.com/${i}.png`) },
      POST_MESSAGES.mediaTooMany,
    ],
  ])('refuses %s (400)', async (_name, body, message) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'VALIDATION_ERROR' });
    expect(await t.app.ctx.database.db.select().from(posts)).toHaveLength(0);
  });

  it('publishes a quiz whose title and options are blank: spec §5 does not check them', async () => {
    const res = await create({
      type: 'question_set',
      questionSetData: {
        title: '  ',
        questions: [
          question,
          { question: 'Qual é a capital do Brasil?', options: ['', ' ', '', ''], correctAnswer: 2 },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.questionSetData).toMatchObject({ title: '' });
    expect(res.json().data.questionSetData.questions[1]).toMatchObject({ options: ['', '', '', ''] });
  });

  it('refuses an unknown type and fields of another type', async () => {
    expect((await create({ type: 'video', content: 'x' })).statusCode).toBe(400);
    expect((await create({ type: 'text', content: 'x', questionData: question })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown study group', async () => {
    const res = await create({ type: 'text', content: 'Oi grupo', studyGroupId: crypto.randomUUID() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: GROUP_MESSAGES.notFound, code: 'NOT_FOUND' });
  });

  it('needs a signed-in, verified user', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: { type: 'text', content: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const unverified = await createUser(t.app, { emailVerified: false });
    const res = await call(
      'POST',
      '/api/posts',
      { type: 'text', content: 'x' },
      await signedInAs(t.app, unverified),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('every posts call requires a verified session', () => {
  it.each([
    ['GET', '/api/posts'],
    ['GET', '/api/posts/saved'],
    ['GET', `/api/users/${crypto.randomUUID()}/posts`],
    ['GET', `/api/posts/${crypto.randomUUID()}`],
    ['DELETE', `/api/posts/${crypto.randomUUID()}`],
    ['POST', `/api/posts/${crypto.randomUUID()}/like`],
    ['DELETE', `/api/posts/${crypto.randomUUID()}/save`],
    ['POST', `/api/posts/${crypto.randomUUID()}/answer`],
    ['POST', `/api/posts/${crypto.randomUUID()}/vote`],
    ['POST', `/api/posts/${crypto.randomUUID()}/quiz-attempts`],
    ['GET', `/api/posts/${crypto.randomUUID()}/comments`],
    ['POST', `/api/posts/${crypto.randomUUID()}/comments`],
    ['DELETE', `/api/comments/${crypto.randomUUID()}`],
    ['POST', `/api/comments/${crypto.randomUUID()}/like`],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/posts/{id}', () => {
  it('answers the post with exact counts and the viewer state', async () => {
    const post = await createPost(t.app, me);
    await call('POST', `/api/posts/${post.id}/like`);
    await call('POST', `/api/posts/${post.id}/save`);
    const res = await call('GET', `/api/posts/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: post.id, likesCount: 1, isLiked: true, isSaved: true });
  });

  it('answers 404 for a missing post, a malformed id and a suspended author', async () => {
    for (const id of [crypto.randomUUID(), 'nao-e-um-id']) {
      const res = await call('GET', `/api/posts/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: POST_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    const suspended = await createUser(t.app, { suspendedAt: new Date() });
    const hidden = await createPost(t.app, suspended);
    expect((await call('GET', `/api/posts/${hidden.id}`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('lets the author delete a post, with its likes', async () => {
    const post = await createPost(t.app, me);
    await call('POST', `/api/posts/${post.id}/like`);
    const res = await call('DELETE', `/api/posts/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: post.id } });
    expect((await call('GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect(await t.app.ctx.database.db.select().from(postLikes)).toHaveLength(0);
  });

  it("refuses to delete another user's post (403)", async () => {
    const other = await createUser(t.app);
    const post = await createPost(t.app, other);
    const res = await call('DELETE', `/api/posts/${post.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: POST_MESSAGES.deleteForbidden, code: 'FORBIDDEN' });
    expect((await call('GET', `/api/posts/${post.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for a missing post', async () => {
    expect((await call('DELETE', `/api/posts/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('likes and saves', () => {
  it('likes and unlikes idempotently', async () => {
    const post = await createPost(t.app, await createUser(t.app));
    const url = `/api/posts/${post.id}/like`;
    expect((await call('POST', url)).json()).toEqual({ data: { isLiked: true, likesCount: 1 } });
    expect((await call('POST', url)).json()).toEqual({ data: { isLiked: true, likesCount: 1 } });
    expect((await call('DELETE', url)).json()).toEqual({ data: { isLiked: false, likesCount: 0 } });
    expect((await call('DELETE', url)).json()).toEqual({ data: { isLiked: false, likesCount: 0 } });
  });

  it('keeps the count exact when one user clicks fast', async () => {
    const post = await createPost(t.app, me);
    const url = `/api/posts/${post.id}/like`;
    await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 ? 'DELETE' : 'POST', url)));
    await Promise.all(Array.from({ length: 8 }, () => call('POST', url)));
    const [row] = await t.app.ctx.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.likesCount).toBe(1);
    expect(await t.app.ctx.database.db.select().from(postLikes)).toHaveLength(1);
  });

  it('keeps the count exact when many users like at once', async () => {
    const post = await createPost(t.app, me);
    const cookies = await Promise.all(
      Array.from({ length: 12 }, async () => signedInAs(t.app, await createUser(t.app))),
    );
    const replies = await Promise.all(
      cookies.map((c) => call('POST', `/api/posts/${post.id}/like`, undefined, c)),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect((await call('GET', `/api/posts/${post.id}`)).json().data.likesCount).toBe(12);
    await Promise.all(
      cookies.slice(0, 5).map((c) => call('DELETE', `/api/posts/${post.id}/like`, undefined, c)),
    );
    expect((await call('GET', `/api/posts/${post.id}`)).json().data.likesCount).toBe(7);
  });

  it('answers 404 when liking or saving a missing post', async () => {
    const id = crypto.randomUUID();
    for (const url of [`/api/posts/${id}/like`, `/api/posts/${id}/save`]) {
      const res = await call('POST', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: POST_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
  });

  it('saves and unsaves idempotently', async () => {
    const post = await createPost(t.app, me);
    const url = `/api/posts/${post.id}/save`;
    expect((await call('POST', url)).json()).toEqual({ data: { isSaved: true } });
    expect((await call('POST', url)).json()).toEqual({ data: { isSaved: true } });
    expect((await call('GET', `/api/posts/${post.id}`)).json().data.isSaved).toBe(true);
    expect((await call('DELETE', url)).json()).toEqual({ data: { isSaved: false } });
    expect((await call('DELETE', url)).json()).toEqual({ data: { isSaved: false } });
    expect((await call('GET', `/api/posts/${post.id}`)).json().data.isSaved).toBe(false);
  });
});

describe("'Salvos', planned once per connection (issue 41)", () => {
  it('keeps one plan for the first page', async () => {
    for (let i = 0; i < 3; i++) {
      const post = await createPost(t.app, me);
      expect((await call('POST', `/api/posts/${post.id}/save`)).statusCode).toBe(200);
    }
    const key = cursorKey(t.app.ctx.config.dataDir);
    const read = (tx: Parameters<typeof listSavedRows>[0]) =>
      listSavedRows(tx, key, me.id, { page: 1, limit: 20 });
    const plans = await plansOf(t.app.ctx.database, read, '%from "post_saves" inner join%');
    expect(plans).toHaveLength(1);
    expect(plans[0]?.generic_plans).toBeGreaterThanOrEqual(2);
  });
});
