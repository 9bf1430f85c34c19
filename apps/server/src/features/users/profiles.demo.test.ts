import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.app.close();
});

describe('demo profiles', () => {
  it('seeds an admin, follows and study history the profiles count from', async () => {
    const { db } = t.app.ctx.database;
    expect(await seedDemoData(db)).toBe(true);
    const byEmail = async (email: string) =>
      (await db.select().from(users).where(eq(users.email, email)))[0]!;
    expect((await byEmail('admin@estudai.dev')).userType).toBe('admin');
    const ana = await byEmail('ana@estudai.dev');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${ana.id}`,
      headers: { cookie: await signedInAs(t.app, ana) },
    });
    expect(res.json().data).toMatchObject({ followersCount: 2, followingCount: 2, totalStudyHours: 4.7 });
    expect(res.json().data.studyStreak).toBeGreaterThanOrEqual(3);
  });
});
