import { bankQuestionSchema, dueCardsSchema, EXAMS, pageOf, SUBJECTS } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/factories.ts';
import { questionItems, users } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.app.close();
});

describe('study demo data', () => {
  it('fills the bank with 60+ questions over many subjects and exams, and gives Ana cards due today', async () => {
    const { db } = t.app.ctx.database;
    expect(await seedDemoData(db)).toBe(true);
    const items = await db.select().from(questionItems);
    const demo = items.filter((item) => item.subject !== null);
    expect(demo.length).toBeGreaterThanOrEqual(60);
    expect(new Set(demo.map((item) => item.subject)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(demo.map((item) => item.exam)).size).toBeGreaterThanOrEqual(10);
    for (const item of demo) {
      expect(SUBJECTS).toContain(item.subject);
      expect(EXAMS).toContain(item.exam);
      expect(item.topic?.length).toBeGreaterThan(0);
      expect(item.year).toBeGreaterThanOrEqual(1990);
    }
    const [ana] = await db.select().from(users).where(eq(users.username, 'ana.souza'));
    if (!ana) throw new Error('demo user missing');
    const cookie = await signedInAs(t.app, ana);
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json();

    const due = dueCardsSchema.parse(await get('/api/reviews/due'));
    expect(due.count).toBeGreaterThanOrEqual(3);
    const notebook = await get('/api/notebook?limit=50');
    expect(notebook.data.length).toBeGreaterThan(due.count);
    expect(notebook.data.some((entry: { reason: string }) => entry.reason === 'manual')).toBe(true);
    expect(notebook.data.some((entry: { card: { reps: number } }) => entry.card.reps > 0)).toBe(true);

    const wrong = pageOf(bankQuestionSchema).parse(await get('/api/questions?status=wrong&limit=50'));
    expect(wrong.data.length).toBeGreaterThanOrEqual(5);
    expect(wrong.data.every((item) => item.community && item.community.answersCount >= 1)).toBe(true);
    const math = pageOf(bankQuestionSchema).parse(await get('/api/questions?subject=matematica&exam=enem'));
    expect(math.data.length).toBeGreaterThanOrEqual(3);
    const stats = (await get('/api/users/me/study-stats')).data;
    expect(stats.accuracyBySubject.length).toBeGreaterThan(3);
    expect(stats.reviews.dueNow).toBe(due.count);
    expect((await get('/api/reviews/reminder')).data).toEqual({ enabled: true, hour: 19 });
  });
});
