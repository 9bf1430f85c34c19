import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { notifications } from '../../db/schema/index.ts';

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

type User = Awaited<ReturnType<typeof createUser>>;
async function call(user: User, method: 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: await signedInAs(t.app, user) } });
}
const allNotifications = () => t.app.ctx.database.db.select().from(notifications);

describe('notifications created by events', () => {
  it('a new follower notifies the followed user once, however often they follow and unfollow', async () => {
    const ana = await createUser(t.app);
    const bruno = await createUser(t.app, { displayName: 'Bruno Lima' });
    await call(bruno, 'POST', `/api/users/${ana.id}/follow`);
    await call(bruno, 'POST', `/api/users/${ana.id}/follow`);
    await call(bruno, 'DELETE', `/api/users/${ana.id}/follow`);
    await call(bruno, 'POST', `/api/users/${ana.id}/follow`);
    const rows = await allNotifications();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: ana.id,
      actorId: bruno.id,
      type: 'follow',
      title: 'Novo seguidor',
      message: 'Bruno Lima começou a seguir você.',
      actionUrl: `/user/${bruno.id}`,
    });
  });

  it('a moderation warning reaches the warned user as a system message, naming no reporter; the reporter hears the outcome', async () => {
    const admin = await createUser(t.app, { userType: 'admin' });
    const reporter = await createUser(t.app, { displayName: 'Quem Denunciou' });
    const target = await createUser(t.app);
    const reported = await call(reporter, 'POST', `/api/users/${target.id}/report`, { reason: 'spam' });
    expect(reported.statusCode).toBe(201);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports',
      headers: { cookie: await signedInAs(t.app, admin) },
    });
    const [report] = queue.json().data;
    await call(admin, 'POST', `/api/admin/reports/${report.id}/resolve`, { action: 'warn' });
    const rows = await allNotifications();
    expect(rows).toHaveLength(2);
    const warning = rows.find((row) => row.userId === target.id);
    expect(warning).toMatchObject({ type: 'system', actorId: null, actionUrl: '/profile' });
    expect(warning?.message).not.toContain('Quem Denunciou');
    // Issue 25: the reporter is told the outcome, without the warned person's name either.
    const outcome = rows.find((row) => row.userId === reporter.id);
    expect(outcome).toMatchObject({ type: 'system', actorId: null, title: 'Sua denúncia foi analisada' });
  });

  it('a like notifies the post’s author once, however often it is toggled, and never for one’s own post', async () => {
    const ana = await createUser(t.app);
    const bruno = await createUser(t.app, { displayName: 'Bruno' });
    const post = await createPost(t.app, ana);
    for (const method of ['POST', 'DELETE', 'POST', 'POST'] as const)
      await call(bruno, method, `/api/posts/${post.id}/like`);
    await call(ana, 'POST', `/api/posts/${post.id}/like`);
    const rows = await allNotifications();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: ana.id,
      actorId: bruno.id,
      type: 'like',
      message: 'Bruno curtiu seu post “Resumo de funções do 1º grau para o ENEM…”.',
      actionUrl: `/post/${post.id}/comments`,
    });
  });

  it('a like’s notification names the post by its text, whole when short, and says only “seu post” without text', async () => {
    const ana = await createUser(t.app);
    const bruno = await createUser(t.app, { displayName: 'Bruno' });
    const short = await createPost(t.app, ana, { content: 'Derivadas\n\nparciais   hoje' });
    const blank = await createPost(t.app, ana, { content: '   ' });
    await call(bruno, 'POST', `/api/posts/${short.id}/like`);
    await call(bruno, 'POST', `/api/posts/${blank.id}/like`);
    const messages = (await allNotifications()).map((row) => [row.actionUrl, row.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        [`/post/${short.id}/comments`, 'Bruno curtiu seu post “Derivadas parciais hoje”.'],
        [`/post/${blank.id}/comments`, 'Bruno curtiu seu post.'],
      ]),
    );
  });

  it('a comment notifies the post’s author with a link to the comment; a reply also tells the comment’s author', async () => {
    const [ana, bruno, carla] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const post = await createPost(t.app, ana);
    const comment = (
      await call(bruno, 'POST', `/api/posts/${post.id}/comments`, { content: 'Boa questão!' })
    ).json().data;
    const reply = (
      await call(carla, 'POST', `/api/posts/${post.id}/comments`, {
        content: 'Concordo',
        parentId: comment.id,
      })
    ).json().data;
    await call(ana, 'POST', `/api/posts/${post.id}/comments`, { content: 'Obrigada!' });
    const rows = await allNotifications();
    const byRecipient = (id: string) => rows.filter((row) => row.userId === id);
    expect(byRecipient(ana.id).map((row) => [row.type, row.actorId, row.actionUrl])).toEqual(
      expect.arrayContaining([
        ['comment', bruno.id, `/post/${post.id}/comments/${comment.id}`],
        ['comment', carla.id, `/post/${post.id}/comments/${reply.id}`],
      ]),
    );
    expect(byRecipient(ana.id)).toHaveLength(2);
    expect(byRecipient(bruno.id)).toMatchObject([
      {
        type: 'comment',
        title: 'Nova resposta',
        actorId: carla.id,
        actionUrl: `/post/${post.id}/comments/${reply.id}`,
      },
    ]);
    expect(byRecipient(carla.id)).toEqual([]);
  });

  it('an @mention in a post or a comment notifies the person named, not the author', async () => {
    const ana = await createUser(t.app, { username: 'ana.souza' });
    const bruno = await createUser(t.app, { username: 'bruno' });
    const carla = await createUser(t.app, { username: 'carla' });
    const created = await call(bruno, 'POST', '/api/posts', {
      type: 'text',
      content: 'Valeu @ana.souza e @bruno pela revisão! Preço: R$ 10 @ninguem',
    });
    const post = created.json().data;
    const comment = (
      await call(bruno, 'POST', `/api/posts/${post.id}/comments`, { content: 'Cc @carla' })
    ).json().data;
    const rows = (await allNotifications()).filter((row) => row.type === 'mention');
    expect(rows.map((row) => [row.userId, row.actionUrl]).sort()).toEqual(
      [
        [ana.id, `/post/${post.id}/comments`],
        [carla.id, `/post/${post.id}/comments/${comment.id}`],
      ].sort(),
    );
  });
});
