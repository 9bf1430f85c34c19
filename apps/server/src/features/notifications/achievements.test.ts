import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { notifications, studySessions } from '../../db/schema/index.ts';
import { ACHIEVEMENTS } from './achievements.service.ts';

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
async function post(user: User, url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload, headers: { cookie: await signedInAs(t.app, user) } });
}
const achievementsOf = (user: User) =>
  t.app.ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'achievement')));

describe('achievements', () => {
  it('the first correct answer earns one, once; a wrong answer earns none', async () => {
    const author = await createUser(t.app);
    const ana = await createUser(t.app);
    const questions = await Promise.all([1, 2, 3].map(() => createPost(t.app, author, { type: 'question' })));
    // correctAnswer of the factory's question is 1.
    expect((await post(ana, `/api/posts/${questions[0]?.id}/answer`, { optionIndex: 0 })).statusCode).toBe(
      201,
    );
    expect(await achievementsOf(ana)).toHaveLength(0);
    await post(ana, `/api/posts/${questions[1]?.id}/answer`, { optionIndex: 1 });
    await post(ana, `/api/posts/${questions[2]?.id}/answer`, { optionIndex: 1 });
    const rows = await achievementsOf(ana);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: ACHIEVEMENTS.firstCorrectAnswer.title,
      message: 'Você acertou sua primeira questão. Continue assim!',
      actionUrl: '/profile',
      actorId: null,
    });
  });

  it('the tenth post earns one, and the eleventh does not earn another', async () => {
    const ana = await createUser(t.app);
    for (let i = 0; i < 8; i++) await createPost(t.app, ana);
    const ninth = await post(ana, '/api/posts', { type: 'text', content: 'Nono post' });
    expect(ninth.statusCode).toBe(201);
    expect(await achievementsOf(ana)).toHaveLength(0);
    await post(ana, '/api/posts', { type: 'text', content: 'Décimo post' });
    await post(ana, '/api/posts', { type: 'text', content: 'Décimo primeiro post' });
    const rows = await achievementsOf(ana);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message).toBe(ACHIEVEMENTS.tenPosts.message);
  });

  it('a seventh day of study in a row earns one; six days earn none', async () => {
    const ana = await createUser(t.app);
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    for (let k = 1; k <= 5; k++) {
      const startedAt = new Date(now - k * day);
      await t.app.ctx.database.db.insert(studySessions).values({
        userId: ana.id,
        startedAt,
        endedAt: new Date(startedAt.getTime() + 600_000),
        durationSeconds: 600,
        kind: 'timer',
      });
    }
    const session = (daysAgo: number) => ({
      durationSeconds: 600,
      startedAt: new Date(now - daysAgo * day).toISOString(),
    });
    // Five earlier days and today: six in a row, no achievement yet.
    const sixth = await post(ana, '/api/study-sessions', session(0));
    expect(sixth.statusCode).toBe(201);
    expect(sixth.json().data.studyStreak).toBe(6);
    expect(await achievementsOf(ana)).toHaveLength(0);

    const startedAt = new Date(now - 6 * day);
    await t.app.ctx.database.db.insert(studySessions).values({
      userId: ana.id,
      startedAt,
      endedAt: new Date(startedAt.getTime() + 600_000),
      durationSeconds: 600,
      kind: 'timer',
    });
    expect((await post(ana, '/api/study-sessions', session(0))).json().data.studyStreak).toBe(7);
    await post(ana, '/api/study-sessions', session(0));
    const rows = await achievementsOf(ana);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message).toBe('Você estudou 7 dias seguidos. Que sequência!');
  });
});
