import { studyStatsDetailSchema } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('study rooms demo data', () => {
  it("gives Ana six days of verified minutes: an 'ofensiva' and a calendar with them", async () => {
    const { db } = t.app.ctx.database;
    expect(await seedDemoData(db)).toBe(true);
    const [ana] = await db.select().from(users).where(eq(users.username, 'ana.souza'));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/study-stats',
      headers: { cookie: await signedInAs(t.app, ana!) },
    });
    expect(res.statusCode).toBe(200);
    const stats = studyStatsDetailSchema.parse(res.json().data);
    // Six blocks of 25 minutes or more on six days in a row (ending today or, just after midnight, yesterday).
    expect(stats.streak.days).toBeGreaterThanOrEqual(5);
    expect(stats.calendar.reduce((sum, day) => sum + day.verifiedMinutes, 0)).toBe(225);
  });
});
