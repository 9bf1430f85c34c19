import { REPORT_MESSAGES } from '@estudai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createPost, createUser } from '../../../test/factories.ts';
import { reports } from '../../db/schema/index.ts';

// Issue 21: reporting a post or a comment through the one set of report rules, and the moderation
// queue showing the reported content with the post to open it at.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('reporting a comment', () => {
  it('refuses one’s own (400), a second report (409), one on a post the reporter cannot see (404)', async () => {
    const author = await createUser(t.app);
    const asAuthor = await as(t.app, author);
    const post = await createPost(t.app, author, { content: 'Post do autor' });
    const created = await asAuthor.post(`/api/posts/${post.id}/comments`, { content: 'Meu comentário' });
    expect(created.statusCode, created.body).toBe(201);
    const commentId = created.json().data.id;

    const own = await asAuthor.post(`/api/comments/${commentId}/report`, { reason: 'spam' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: REPORT_MESSAGES.cannotReportOwn, code: 'SELF_ACTION' });

    const reporter = await as(t.app, await createUser(t.app));
    const first = await reporter.post(`/api/comments/${commentId}/report`, {
      reason: 'outro',
      description: 'Propaganda disfarçada.',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toEqual({ message: REPORT_MESSAGES.sent });
    const again = await reporter.post(`/api/comments/${commentId}/report`, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REPORT_MESSAGES.contentAlreadyReported, code: 'ALREADY_REPORTED' });

    const group = await createGroup(t.app, author);
    const groupPost = await createPost(t.app, author, { studyGroupId: group.id });
    const member = await createUser(t.app);
    await addMember(t.app, group, member);
    const inGroup = await (await as(t.app, member)).post(`/api/posts/${groupPost.id}/comments`, {
      content: 'Comentário só para o grupo',
    });
    expect(inGroup.statusCode, inGroup.body).toBe(201);
    const outsider = await reporter.post(`/api/comments/${inGroup.json().data.id}/report`, {
      reason: 'spam',
    });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ error: REPORT_MESSAGES.commentNotFound, code: 'NOT_FOUND' });
    expect(await t.app.ctx.database.db.select().from(reports)).toHaveLength(1);
  });
});

describe('the moderation queue', () => {
  it('shows a reported post and comment with the post to open them at', async () => {
    const author = await createUser(t.app, { displayName: 'Autor Denunciado' });
    const post = await createPost(t.app, author, { content: 'Compre seguidores agora!' });
    const commented = await (await as(t.app, author)).post(`/api/posts/${post.id}/comments`, {
      content: 'Link suspeito aqui',
    });
    const commentId = commented.json().data.id;
    const reporter = await as(t.app, await createUser(t.app));
    expect((await reporter.post(`/api/posts/${post.id}/report`, { reason: 'spam' })).statusCode).toBe(201);
    expect((await reporter.post(`/api/comments/${commentId}/report`, { reason: 'spam' })).statusCode).toBe(
      201,
    );

    const admin = await as(t.app, await createUser(t.app, { userType: 'admin' }));
    const queue = (await admin.get('/api/admin/reports')).json().data as {
      content: { kind: string; id: string; text: string; postId: string | null } | null;
    }[];
    const byId = (id: string) => queue.find((item) => item.content?.id === id)?.content;
    expect(byId(post.id)).toMatchObject({
      kind: 'post',
      text: 'Compre seguidores agora!',
      postId: post.id,
      hidden: false,
      deleted: false,
    });
    expect(byId(commentId)).toMatchObject({
      kind: 'comment',
      text: 'Link suspeito aqui',
      postId: post.id,
      hidden: false,
      deleted: false,
    });
  });
});
