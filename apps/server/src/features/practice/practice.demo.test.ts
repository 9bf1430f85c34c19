import { masterySchema, practiceNextSchema, resolutionListSchema } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/factories.ts';
import { questionCalibrations, questionItems, questionResolutions, users } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('practice demo data', () => {
  it('calibrates the demo questions, gives a third of them resolutions, and Ana a mastery map with levels', async () => {
    const { db } = t.app.ctx.database;
    expect(await seedDemoData(db)).toBe(true);
    const items = await db.select().from(questionItems);
    expect(await db.select().from(questionCalibrations)).toHaveLength(items.length);
    const resolutions = await db.select().from(questionResolutions);
    expect(new Set(resolutions.map((row) => `${row.postId}:${row.questionIndex}`)).size).toBe(
      Math.ceil(items.length / 3),
    );

    const [ana] = await db.select().from(users).where(eq(users.username, 'ana.souza'));
    const cookie = await signedInAs(t.app, ana!);
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json();
    const mastery = masterySchema.parse(await get('/api/users/me/mastery'));
    expect(mastery.data.length).toBeGreaterThanOrEqual(3);
    expect(new Set(mastery.data.map((cell) => cell.level)).size).toBeGreaterThanOrEqual(2);

    const next = practiceNextSchema.parse(await get('/api/practice/next'));
    expect(next.kind).toBe('review');
    if (next.kind !== 'review') return;
    const withResolution = resolutions.find((row) => row.postId === next.item.question.postId);
    if (withResolution) {
      const list = resolutionListSchema.parse(
        await get(
          `/api/posts/${withResolution.postId}/resolutions?questionIndex=${withResolution.questionIndex}`,
        ),
      );
      expect(list.data[0]?.isTeacher).toBe(true);
    }
  });
});
