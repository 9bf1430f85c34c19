import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { statementsDuring } from '../../../test/statements.ts';
import { blocks, notifications, posts } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql-rows.ts';
import { deliver, notify, notifyInStatement } from '../notifications/notifications.service.ts';
import { setLiked } from './posts.service.ts';

// Issue 22: a like is one statement (the like row, the counter and the author's notification, the
// 'post.liked' event's subscriber inside it since decision 067); these are the rules that statement
// keeps explicit.

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

const db = () => t.app.ctx.database.db;

describe('a like in one statement', () => {
  it("is one statement with the author's notification, delivered live once it committed (issue 41)", async () => {
    const ana = await createUser(t.app);
    const bruno = await createUser(t.app, { displayName: 'Bruno' });
    const post = await createPost(t.app, ana);
    let answer: Awaited<ReturnType<typeof setLiked>> | undefined;
    expect(
      await statementsDuring(db(), async () => {
        answer = await setLiked(t.app.ctx, bruno, post.id, true);
      }),
    ).toBe(1);
    expect(answer).toEqual({ isLiked: true, likesCount: 1 });
    const [told] = await db().select().from(notifications);
    expect(told).toMatchObject({ userId: ana.id, actorId: bruno.id, type: 'like', title: 'Nova curtida' });
    const toUser = vi.spyOn(t.app.ctx.realtime, 'toUser');
    try {
      await t.app.ctx.tasks.drain();
      await t.app.ctx.jobs.drain();
      const live = toUser.mock.calls.filter(([, event]) => event === 'notification:new');
      expect(live.map(([userId, , payload]) => [userId, (payload as { id: string }).id])).toEqual([
        [ana.id, told?.id],
      ]);
    } finally {
      toUser.mockRestore();
    }
    // Unliked and liked again: one statement each, and nobody is told twice.
    expect(await statementsDuring(db(), () => setLiked(t.app.ctx, bruno, post.id, false))).toBe(1);
    expect(await statementsDuring(db(), () => setLiked(t.app.ctx, bruno, post.id, true))).toBe(1);
    expect(await db().select().from(notifications)).toHaveLength(1);
  });

  it('notifies once and counts once whatever the case of the id in the URL', async () => {
    const ana = await createUser(t.app);
    const bruno = await createUser(t.app, { displayName: 'Bruno' });
    const post = await createPost(t.app, ana);
    const cookie = await signedInAs(t.app, bruno);
    const like = (id: string, method: 'POST' | 'DELETE' = 'POST') =>
      t.app.inject({ method, url: `/api/posts/${id}/like`, headers: { cookie } });
    expect((await like(post.id.toUpperCase())).json()).toEqual({ data: { isLiked: true, likesCount: 1 } });
    expect((await like(post.id.toUpperCase(), 'DELETE')).json()).toEqual({
      data: { isLiked: false, likesCount: 0 },
    });
    expect((await like(post.id)).json()).toEqual({ data: { isLiked: true, likesCount: 1 } });
    const rows = await db().select().from(notifications);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: ana.id,
      actorId: bruno.id,
      actionUrl: `/post/${post.id}/comments`,
      dedupeKey: `like:${post.id}:${bruno.id}`,
    });
    const [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row?.likesCount).toBe(1);
  });

  it('built once, the statement still carries each like its own liker, post and words', async () => {
    const ana = await createUser(t.app);
    const [bruno, carla] = [
      await createUser(t.app, { displayName: 'Bruno' }),
      await createUser(t.app, { displayName: 'Carla' }),
    ];
    const [first, second] = [await createPost(t.app, ana), await createPost(t.app, ana)];
    const likes: [typeof bruno, typeof first][] = [
      [bruno, first],
      [carla, second],
      [carla, first],
    ];
    for (const [liker, post] of likes) {
      const cookie = await signedInAs(t.app, liker);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/like`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
    }
    const rows = await db().select().from(notifications);
    expect(
      rows.map(({ userId, actorId, message, actionUrl, dedupeKey }) => ({
        userId,
        actorId,
        message,
        actionUrl,
        dedupeKey,
      })),
    ).toEqual(
      expect.arrayContaining(
        likes.map(([liker, post]) => ({
          userId: ana.id,
          actorId: liker.id,
          message: `${liker.displayName} curtiu seu post “Resumo de funções do 1º grau para o ENEM…”.`,
          actionUrl: `/post/${post.id}/comments`,
          dedupeKey: `like:${post.id}:${liker.id}`,
        })),
      ),
    );
    expect(rows).toHaveLength(3);
    const counts = await db().select({ id: posts.id, likesCount: posts.likesCount }).from(posts);
    expect(Object.fromEntries(counts.map((row) => [row.id, row.likesCount]))).toEqual({
      [first.id]: 2,
      [second.id]: 1,
    });
  });

  it('records no notification in the statement to oneself or across a block, either way', async () => {
    const [ana, bruno, carla] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await db().insert(blocks).values({ blockerId: ana.id, blockedId: bruno.id });
    const told = async (recipientId: string, actorId: string) => {
      const result = await db().execute(
        notifyInStatement(
          {
            userId: sql`s.recipient`,
            actorId,
            type: 'like',
            title: 'Nova curtida',
            message: 'Alguém curtiu seu post.',
            dedupeKey: `test:${recipientId}:${actorId}`,
          },
          sql`(select ${recipientId}::uuid as recipient) s`,
        ),
      );
      return rowsOf<{ id: string }>(result).length;
    };
    expect(await told(ana.id, bruno.id)).toBe(0);
    expect(await told(bruno.id, ana.id)).toBe(0);
    expect(await told(carla.id, carla.id)).toBe(0);
    expect(await told(carla.id, ana.id)).toBe(1);
    // The same key again records nothing.
    expect(await told(carla.id, ana.id)).toBe(0);
    expect(await db().select().from(notifications)).toHaveLength(1);
  });

  it('sends the deliveries of a few milliseconds as one job, and delivers them all', async () => {
    const [ana, bruno, carla] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const liked = (userId: string) =>
      notify(db(), {
        userId,
        actorId: carla.id,
        type: 'like',
        title: 'Nova curtida',
        message: 'Carla curtiu seu post.',
      });
    const [toAna, toBruno] = [await liked(ana.id), await liked(bruno.id)];
    const jobs = () =>
      db().execute(sql`select data from pgboss.job where name = 'notifications.deliver' order by created_on`);
    const before = rowsOf(await jobs()).length;
    deliver(t.app.ctx, [toAna]);
    deliver(t.app.ctx, [toBruno]);
    await t.app.ctx.tasks.drain();
    const sent = rowsOf<{ data: { ids: string[] } }>(await jobs()).slice(before);
    expect(sent.map((job) => job.data.ids)).toEqual([[toAna?.id, toBruno?.id]]);
    const toUser = vi.spyOn(t.app.ctx.realtime, 'toUser');
    try {
      await t.app.ctx.jobs.drain();
      const told = toUser.mock.calls
        .filter(([, event]) => event === 'notification:new')
        .map(([userId]) => userId);
      expect(told.toSorted()).toEqual([ana.id, bruno.id].toSorted());
    } finally {
      toUser.mockRestore();
    }
  });
});
