import { POST_MESSAGES, PRIVACY_MESSAGES, REPORT_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createPost, createUser } from '../../../test/factories.ts';
import {
  comments,
  conversations,
  messages,
  notifications,
  posts,
  reportEvidence,
  reports,
} from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterAll(async () => {
  await t.app.close();
});

const CHILD = { reason: 'exploracao_infantil', description: 'Pede fotos a alunos menores.' };
const contents = (res: { json(): { data: { content: string }[] } }) => res.json().data.map((p) => p.content);

describe('reporting a post, a comment or a message', () => {
  it('files a post report once (409 the second time), 404 for a missing post, 400 for a bad reason', async () => {
    const author = await createUser(t.app);
    const post = await createPost(t.app, author, { content: 'Compre seguidores!' });
    const reporter = await as(t.app, await createUser(t.app));
    const url = `/api/posts/${post.id}/report`;
    const first = await reporter.post(url, { reason: 'spam' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toEqual({ message: REPORT_MESSAGES.sent });
    const again = await reporter.post(url, { reason: 'assedio' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REPORT_MESSAGES.contentAlreadyReported, code: 'ALREADY_REPORTED' });

    const missing = await reporter.post('/api/posts/00000000-0000-4000-8000-000000000000/report', {
      reason: 'spam',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: POST_MESSAGES.notFound, code: 'NOT_FOUND' });
    expect((await reporter.post('/api/posts/nao-e-id/report', { reason: 'spam' })).statusCode).toBe(404);
    const other = await createPost(t.app, author);
    const badReason = await reporter.post(`/api/posts/${other.id}/report`, { reason: 'chato' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json()).toEqual({ error: REPORT_MESSAGES.reasonRequired, code: 'VALIDATION_ERROR' });
    const noDescription = await reporter.post(`/api/posts/${other.id}/report`, { reason: 'outro' });
    expect(noDescription.statusCode).toBe(400);
    expect(noDescription.json().error).toBe(REPORT_MESSAGES.descriptionRequired);
    const own = await (await as(t.app, author)).post(`/api/posts/${other.id}/report`, { reason: 'spam' });
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toBe(REPORT_MESSAGES.cannotReportOwn);
    expect(await t.app.ctx.database.db.select().from(reports)).toHaveLength(1);
    // A report of a person and of one of their posts are different reports.
    expect((await reporter.post(`/api/users/${author.id}/report`, { reason: 'spam' })).statusCode).toBe(201);
  });

  it("reports a group's post only for its members: 404 to anyone else, nothing filed", async () => {
    const owner = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    const post = await createPost(t.app, owner, { studyGroupId: group.id, content: 'Só para o grupo' });
    const outsider = await as(t.app, await createUser(t.app));
    const refused = await outsider.post(`/api/posts/${post.id}/report`, { reason: 'spam' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: POST_MESSAGES.notFound, code: 'NOT_FOUND' });
    const member = await createUser(t.app);
    await addMember(t.app, group, member);
    const filed = await (await as(t.app, member)).post(`/api/posts/${post.id}/report`, { reason: 'spam' });
    expect(filed.statusCode).toBe(201);
    expect(await t.app.ctx.database.db.select().from(reports)).toHaveLength(1);
  });

  it('shares the daily limit of five with reports of people (429)', async () => {
    const reporter = await as(t.app, await createUser(t.app));
    for (let i = 0; i < 4; i++) {
      const post = await createPost(t.app, await createUser(t.app));
      expect((await reporter.post(`/api/posts/${post.id}/report`, { reason: 'spam' })).statusCode).toBe(201);
    }
    expect(
      (await reporter.post(`/api/users/${(await createUser(t.app)).id}/report`, { reason: 'spam' }))
        .statusCode,
    ).toBe(201);
    const post = await createPost(t.app, await createUser(t.app));
    const sixth = await reporter.post(`/api/posts/${post.id}/report`, { reason: 'spam' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: REPORT_MESSAGES.limit, code: 'REPORT_LIMIT' });
  });

  it('reports a comment, and a chat message only from inside the conversation', async () => {
    const author = await createUser(t.app);
    const post = await createPost(t.app, author);
    const [comment] = await t.app.ctx.database.db
      .insert(comments)
      .values({ postId: post.id, authorId: author.id, content: 'Comentário ofensivo' })
      .returning();
    const reporter = await createUser(t.app);
    const asReporter = await as(t.app, reporter);
    expect(
      (await asReporter.post(`/api/comments/${comment!.id}/report`, { reason: 'assedio' })).statusCode,
    ).toBe(201);
    expect(
      (
        await asReporter.post('/api/comments/00000000-0000-4000-8000-000000000000/report', { reason: 'spam' })
      ).json(),
    ).toEqual({ error: REPORT_MESSAGES.commentNotFound, code: 'NOT_FOUND' });

    const [a, b] = author.id < reporter.id ? [author.id, reporter.id] : [reporter.id, author.id];
    const [conversation] = await t.app.ctx.database.db
      .insert(conversations)
      .values({ userA: a, userB: b })
      .returning();
    const [message] = await t.app.ctx.database.db
      .insert(messages)
      .values({ conversationId: conversation!.id, senderId: author.id, content: 'Me manda uma foto' })
      .returning();
    const outsider = await as(t.app, await createUser(t.app));
    expect(
      (await outsider.post(`/api/chat/messages/${message!.id}/report`, { reason: 'assedio' })).statusCode,
    ).toBe(404);
    expect(
      (await (await as(t.app, author)).post(`/api/chat/messages/${message!.id}/report`, { reason: 'spam' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await asReporter.post(`/api/chat/messages/${message!.id}/report`, { reason: 'assedio' })).statusCode,
    ).toBe(201);
    const rows = await t.app.ctx.database.db.select().from(reports);
    expect(rows.map((r) => r.contentKind).sort()).toEqual(['comment', 'message']);
    expect(rows.every((r) => r.targetId === author.id)).toBe(true);
  });
});

describe("'exploracao_infantil'", () => {
  it('hides the post from every other viewer in the next request (feed, detail), keeps evidence, tops the queue', async () => {
    const author = await createUser(t.app, { displayName: 'Suspeito' });
    await createPost(t.app, author, { content: 'Post comum' });
    const post = await createPost(t.app, author, {
      content: 'Conteúdo que alicia menores',
      mediaUrls: ['https://exemplo.com.br/foto.png'],
    });
    const viewers = await Promise.all(
      [createUser(t.app), createUser(t.app)].map(async (u) => as(t.app, await u)),
    );
    // Both have the feed page in memory, with the post on it.
    for (const viewer of viewers)
      expect(contents(await viewer.get('/api/posts'))).toContain('Conteúdo que alicia menores');

    const reporter = await as(t.app, await createUser(t.app));
    const older = await reporter.post(`/api/users/${(await createUser(t.app)).id}/report`, {
      reason: 'spam',
    });
    expect(older.statusCode).toBe(201);
    expect((await reporter.post(`/api/posts/${post.id}/report`, CHILD)).statusCode).toBe(201);

    for (const viewer of [...viewers, reporter]) {
      expect(contents(await viewer.get('/api/posts'))).not.toContain('Conteúdo que alicia menores');
      expect(contents(await viewer.get('/api/posts'))).toContain('Post comum');
      expect((await viewer.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
      expect(contents(await viewer.get(`/api/users/${author.id}/posts`))).not.toContain(
        'Conteúdo que alicia menores',
      );
    }
    expect((await (await as(t.app, author)).get(`/api/posts/${post.id}`)).statusCode).toBe(404);

    const [evidence] = await t.app.ctx.database.db.select().from(reportEvidence);
    expect(evidence).toMatchObject({
      contentKind: 'post',
      contentId: post.id,
      authorId: author.id,
      text: 'Conteúdo que alicia menores',
      mediaUrls: ['https://exemplo.com.br/foto.png'],
    });

    // The author deletes it: the evidence stays, and the queue shows the copy.
    expect((await (await as(t.app, author)).del(`/api/posts/${post.id}`)).statusCode).toBe(200);
    expect(await t.app.ctx.database.db.select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
    expect(await t.app.ctx.database.db.select().from(reportEvidence)).toHaveLength(1);
    const admin = await as(t.app, await createUser(t.app, { userType: 'admin' }));
    const queue = (await admin.get('/api/admin/reports')).json().data;
    expect(queue).toHaveLength(2);
    expect(queue[0]).toMatchObject({
      reason: 'exploracao_infantil',
      urgent: true,
      content: {
        kind: 'post',
        id: post.id,
        text: 'Conteúdo que alicia menores',
        mediaUrls: ['https://exemplo.com.br/foto.png'],
        hidden: true,
        deleted: true,
      },
    });
    expect(queue[1]).toMatchObject({ reason: 'spam', urgent: false, content: null });
  });

  it('hides a comment from the thread and masks a chat message for both participants', async () => {
    const author = await createUser(t.app);
    const reporter = await createUser(t.app);
    const post = await createPost(t.app, reporter, { content: 'Dúvida de física' });
    const [comment] = await t.app.ctx.database.db
      .insert(comments)
      .values({ postId: post.id, authorId: author.id, content: 'Me chama no privado, gatinha' })
      .returning();
    const asReporter = await as(t.app, reporter);
    expect((await asReporter.post(`/api/comments/${comment!.id}/report`, CHILD)).statusCode).toBe(201);
    const thread = (
      await (await as(t.app, await createUser(t.app))).get(`/api/posts/${post.id}/comments`)
    ).json().data;
    expect(thread).toEqual([]);

    const [a, b] = author.id < reporter.id ? [author.id, reporter.id] : [reporter.id, author.id];
    const [conversation] = await t.app.ctx.database.db
      .insert(conversations)
      .values({ userA: a, userB: b })
      .returning();
    const [message] = await t.app.ctx.database.db
      .insert(messages)
      .values({ conversationId: conversation!.id, senderId: author.id, content: 'Não conta pros seus pais' })
      .returning();
    expect((await asReporter.post(`/api/chat/messages/${message!.id}/report`, CHILD)).statusCode).toBe(201);
    for (const participant of [asReporter, await as(t.app, author)]) {
      const listed = (await participant.get(`/api/chat/conversations/${conversation!.id}/messages`)).json()
        .data;
      expect(listed.map((m: { content: string }) => m.content)).toEqual([PRIVACY_MESSAGES.hiddenMessage]);
      const list = (await participant.get('/api/chat/conversations')).json().data;
      expect(list[0].lastMessage.content).toBe(PRIVACY_MESSAGES.hiddenMessage);
    }
  });
});

describe('decisions, the outcome and contesting', () => {
  async function reportedPost(reason = 'exploracao_infantil') {
    const author = await createUser(t.app);
    const post = await createPost(t.app, author, { content: 'Post denunciado' });
    const reporter = await createUser(t.app);
    await (await as(t.app, reporter)).post(`/api/posts/${post.id}/report`, { ...CHILD, reason });
    const [report] = await t.app.ctx.database.db.select().from(reports);
    const admin = await as(t.app, await createUser(t.app, { userType: 'admin' }));
    return { author, post, reporter, report: report!, admin };
  }
  const feedOf = async (user: { id: string }) => contents(await (await as(t.app, user)).get('/api/posts'));

  it('dismissing shows the content again and tells the reporter', async () => {
    const { reporter, report, admin } = await reportedPost();
    expect(
      (await admin.post(`/api/admin/reports/${report.id}/resolve`, { action: 'dismiss' })).statusCode,
    ).toBe(200);
    expect(await feedOf(await createUser(t.app))).toContain('Post denunciado');
    const [note] = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, reporter.id));
    expect(note).toMatchObject({
      title: REPORT_MESSAGES.outcomeTitle,
      message: REPORT_MESSAGES.outcomeDismissed,
    });
  });

  it('a warning removes the content; the author contests once (409 after); an admin reverses it', async () => {
    const { author, reporter, report, admin } = await reportedPost('spam');
    expect(await feedOf(await createUser(t.app))).toContain('Post denunciado');
    const asAuthor = await as(t.app, author);
    // Nothing to contest while it is open.
    expect(
      (await asAuthor.post(`/api/reports/${report.id}/contest`, { reason: 'Não fiz nada' })).statusCode,
    ).toBe(409);
    expect((await admin.post(`/api/admin/reports/${report.id}/resolve`, { action: 'warn' })).statusCode).toBe(
      200,
    );
    expect(await feedOf(await createUser(t.app))).not.toContain('Post denunciado');
    const db = t.app.ctx.database.db;
    const [outcome] = await db.select().from(notifications).where(eq(notifications.userId, reporter.id));
    expect(outcome?.message).toBe(REPORT_MESSAGES.outcomeActioned);
    const [removal] = await db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(removal).toMatchObject({
      title: REPORT_MESSAGES.contentRemovedTitle,
      actionUrl: `/denuncias/${report.id}`,
    });

    // Only the author may contest; the reason is required.
    expect(
      (await (await as(t.app, reporter)).post(`/api/reports/${report.id}/contest`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await asAuthor.post(`/api/reports/${report.id}/contest`, { reason: '  ' })).statusCode).toBe(400);
    const contested = await asAuthor.post(`/api/reports/${report.id}/contest`, {
      reason: 'Era uma piada entre amigos.',
    });
    expect(contested.statusCode).toBe(200);
    expect(contested.json().data).toEqual({ message: REPORT_MESSAGES.contestSent });
    const twice = await asAuthor.post(`/api/reports/${report.id}/contest`, { reason: 'De novo' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: REPORT_MESSAGES.contestTwice, code: 'ALREADY_CONTESTED' });

    const queue = (await admin.get('/api/admin/reports')).json().data;
    expect(queue[0]).toMatchObject({ id: report.id, contest: { reason: 'Era uma piada entre amigos.' } });
    const reversed = await admin.post(`/api/admin/reports/${report.id}/contest`, { uphold: false });
    expect(reversed.json().data).toEqual({ message: REPORT_MESSAGES.contestReversed });
    expect(await feedOf(await createUser(t.app))).toContain('Post denunciado');
    expect((await admin.post(`/api/admin/reports/${report.id}/contest`, { uphold: true })).statusCode).toBe(
      409,
    );
    expect((await admin.get('/api/admin/reports')).json().data).toEqual([]);
    const [row] = await db.select().from(reports).where(eq(reports.id, report.id));
    expect(row).toMatchObject({ contestStatus: 'reversed', contestResolvedAt: expect.any(Date) });
  });
});
