import { POST_MESSAGES, postCommentSchema, postSchema } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import {
  addMember,
  as,
  createGroup,
  createPost,
  createUser,
  uploadedMedia,
} from '../../../test/factories.ts';
import { comments, posts, questionItems } from '../../db/schema/index.ts';

let t: TestApp;
let me: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let ana: Awaited<ReturnType<typeof as>>;
let bruno: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  me = await createUser(t.app, { displayName: 'Ana Souza' });
  other = await createUser(t.app, { displayName: 'Bruno Lima' });
  ana = await as(t.app, me);
  bruno = await as(t.app, other);
});
afterAll(async () => {
  await t.app.close();
});

const question = {
  question: 'Qual é a derivada de x²?',
  options: ['x', '2x', 'x²', '2'],
  correctAnswer: 1,
};
const stored = async (id: string) =>
  (await t.app.ctx.database.db.select().from(posts).where(eq(posts.id, id)))[0];

describe('PATCH /api/posts/{id}', () => {
  it("changes the author's text, marks the post edited and shows it so in the feed", async () => {
    const post = await createPost(t.app, me, { content: 'Bora revisar logaritmo' });
    const res = await ana.patch(`/api/posts/${post.id}`, { content: '  Bora revisar logaritmos hoje!  ' });
    expect(res.statusCode).toBe(200);
    const edited = postSchema.parse(res.json().data);
    expect(edited.content).toBe('Bora revisar logaritmos hoje!');
    expect(edited.editedAt).not.toBeNull();
    const feed = await bruno.get('/api/posts');
    expect(feed.json().data[0]).toMatchObject({ id: post.id, content: 'Bora revisar logaritmos hoje!' });
    expect(feed.json().data[0].editedAt).toBe(edited.editedAt);
  });

  it('keeps a post never edited, and one sent back unchanged, without the mark', async () => {
    const post = await createPost(t.app, me, { content: 'Igual' });
    expect((await bruno.get(`/api/posts/${post.id}`)).json().data.editedAt).toBeNull();
    const res = await ana.patch(`/api/posts/${post.id}`, { content: 'Igual' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.editedAt).toBeNull();
  });

  it("refuses someone else's post with 403 and changes nothing", async () => {
    const post = await createPost(t.app, me, { content: 'Meu texto' });
    const res = await bruno.patch(`/api/posts/${post.id}`, { content: 'Texto trocado' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: POST_MESSAGES.editForbidden, code: 'FORBIDDEN' });
    expect((await stored(post.id))?.content).toBe('Meu texto');
  });

  it('answers 404 for a post the caller cannot see (a group they are not in) and for a bad id', async () => {
    const owner = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    await addMember(t.app, group, me);
    const post = await createPost(t.app, me, { studyGroupId: group.id });
    expect((await bruno.patch(`/api/posts/${post.id}`, { content: 'x' })).statusCode).toBe(404);
    const bad = await ana.patch('/api/posts/nao-existe', { content: 'x' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error).toBe(POST_MESSAGES.notFound);
  });

  it('refuses an empty body, a blank text post and too long a text with 400', async () => {
    const post = await createPost(t.app, me, { content: 'Texto' });
    const empty = await ana.patch(`/api/posts/${post.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(POST_MESSAGES.editNothing);
    const blank = await ana.patch(`/api/posts/${post.id}`, { content: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(POST_MESSAGES.contentRequired);
    const long = await ana.patch(`/api/posts/${post.id}`, { content: 'a'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect((await stored(post.id))?.content).toBe('Texto');
  });

  it("changes a photo post's links, and refuses links on a text post", async () => {
    const [a, b] = [await uploadedMedia(t.app, me), await uploadedMedia(t.app, me)];
    const photo = await createPost(t.app, me, { type: 'photo', mediaUrls: [a] });
    const res = await ana.patch(`/api/posts/${photo.id}`, { mediaUrls: [a, b] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mediaUrls).toEqual([a, b]);
    // Issue 37: an outside address is refused in an edit too.
    const outside = await ana.patch(`/api/posts/${photo.id}`, { mediaUrls: [a, 'https://x.dev/c.webp'] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().code).toBe('MEDIA_NOT_UPLOADED');
    const text = await createPost(t.app, me);
    const wrong = await ana.patch(`/api/posts/${text.id}`, { mediaUrls: [a] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(POST_MESSAGES.editFieldNotAllowed);
    const none = await ana.patch(`/api/posts/${photo.id}`, { mediaUrls: [] });
    expect(none.statusCode).toBe(400);
  });

  it("changes a question's options while nobody answered, and the bank follows", async () => {
    const created = await ana.post('/api/posts', { type: 'question', questionData: question });
    const id = created.json().data.id;
    const changed = { ...question, options: ['x', '2x', 'x³', '0'], correctAnswer: 1 };
    const res = await ana.patch(`/api/posts/${id}`, { questionData: changed });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.questionData.options).toEqual(['x', '2x', 'x³', '0']);
    const [item] = await t.app.ctx.database.db
      .select()
      .from(questionItems)
      .where(eq(questionItems.postId, id));
    expect(item?.correctAnswer).toBe(1);
  });

  it('refuses to change options once someone answered (409, said so), but the text still changes', async () => {
    const created = await ana.post('/api/posts', { type: 'question', questionData: question });
    const id = created.json().data.id;
    expect((await bruno.post(`/api/posts/${id}/answer`, { optionIndex: 0 })).statusCode).toBe(201);
    const res = await ana.patch(`/api/posts/${id}`, {
      questionData: { ...question, correctAnswer: 0 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: POST_MESSAGES.optionsLocked, code: 'CONFLICT' });
    expect((await stored(id))?.questionData?.correctAnswer).toBe(1);
    const same = await ana.patch(`/api/posts/${id}`, { content: 'Valendo!', questionData: question });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.content).toBe('Valendo!');
  });

  it("refuses to change a poll's options after a vote, and a quiz's after an attempt", async () => {
    const poll = await ana.post('/api/posts', {
      type: 'poll',
      pollData: { question: 'Qual matéria?', options: ['Física', 'Química'] },
    });
    const pollId = poll.json().data.id;
    expect((await bruno.post(`/api/posts/${pollId}/vote`, { optionIndex: 1 })).statusCode).toBe(201);
    const pollEdit = await ana.patch(`/api/posts/${pollId}`, {
      pollData: { question: 'Qual matéria?', options: ['Física', 'Biologia'] },
    });
    expect(pollEdit.statusCode).toBe(409);
    expect((await stored(pollId))?.pollData?.options).toEqual(['Física', 'Química']);

    const quizData = { title: 'Revisão', questions: [question] };
    const quiz = await ana.post('/api/posts', { type: 'question_set', questionSetData: quizData });
    const quizId = quiz.json().data.id;
    expect((await bruno.post(`/api/posts/${quizId}/quiz-attempts`, { answers: [1] })).statusCode).toBe(201);
    const quizEdit = await ana.patch(`/api/posts/${quizId}`, {
      questionSetData: { ...quizData, title: 'Outro' },
    });
    expect(quizEdit.statusCode).toBe(409);
    expect(quizEdit.json().error).toBe(POST_MESSAGES.optionsLocked);
  });

  it("changes a poll's options before any vote, counting from zero", async () => {
    const poll = await ana.post('/api/posts', {
      type: 'poll',
      pollData: { question: 'Qual matéria?', options: ['Física', 'Química'] },
    });
    const res = await ana.patch(`/api/posts/${poll.json().data.id}`, {
      pollData: { question: 'Qual matéria?', options: ['Física', 'Química', 'Biologia'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pollData.options).toEqual([
      { text: 'Física', votes: 0 },
      { text: 'Química', votes: 0 },
      { text: 'Biologia', votes: 0 },
    ]);
  });

  it('answers 401 signed out', async () => {
    const post = await createPost(t.app, me);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${post.id}`,
      payload: { content: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH and DELETE /api/comments/{id}', () => {
  const addComment = async (postId: string, content: string) => {
    const res = await bruno.post(`/api/posts/${postId}/comments`, { content });
    expect(res.statusCode).toBe(201);
    return postCommentSchema.parse(res.json().data);
  };

  it('lets the author change a comment, marked edited in the thread', async () => {
    const post = await createPost(t.app, me);
    const comment = await addComment(post.id, 'Otima pergunta');
    expect(comment.editedAt).toBeNull();
    const res = await bruno.patch(`/api/comments/${comment.id}`, { content: 'Ótima pergunta!' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ content: 'Ótima pergunta!', author: { id: other.id } });
    const thread = await ana.get(`/api/posts/${post.id}/comments`);
    expect(thread.json().data[0].content).toBe('Ótima pergunta!');
    expect(thread.json().data[0].editedAt).not.toBeNull();
  });

  it("refuses someone else's comment (403), an empty one (400) and an unknown one (404)", async () => {
    const post = await createPost(t.app, me);
    const comment = await addComment(post.id, 'Meu comentário');
    const foreign = await ana.patch(`/api/comments/${comment.id}`, { content: 'Trocado' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('Você só pode editar os seus comentários.');
    const blank = await bruno.patch(`/api/comments/${comment.id}`, { content: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(POST_MESSAGES.commentRequired);
    expect((await bruno.patch('/api/comments/abc', { content: 'x' })).statusCode).toBe(404);
    const [row] = await t.app.ctx.database.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(row?.content).toBe('Meu comentário');
  });

  it("deletes the author's comment and its count, and refuses someone else's with 403", async () => {
    const post = await createPost(t.app, me);
    const comment = await addComment(post.id, 'Vou apagar');
    expect((await ana.del(`/api/comments/${comment.id}`)).statusCode).toBe(403);
    const res = await bruno.del(`/api/comments/${comment.id}`);
    expect(res.statusCode).toBe(200);
    expect((await ana.get(`/api/posts/${post.id}`)).json().data.commentsCount).toBe(0);
    expect((await ana.get(`/api/posts/${post.id}/comments`)).json().data).toEqual([]);
  });
});
