import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { blocks, notifications, posts } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql-rows.ts';
import { notifyInStatement } from '../notifications/notifications.service.ts';

// Issue 22: a like is one statement (the like row, the counter and the author's notification);
// these are the rules that statement keeps explicit.

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
});
