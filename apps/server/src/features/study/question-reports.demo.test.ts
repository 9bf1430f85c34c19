import { bankPageSchema, QUESTION_REPORT_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/factories.ts';
import { notifications, questionItems, questionReports, users } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('question reports demo data', () => {
  it('has a reported and corrected key and an anulada question, their reporters told', async () => {
    const { db } = t.app.ctx.database;
    expect(await seedDemoData(db)).toBe(true);
    const reports = await db.select().from(questionReports);
    expect(reports.map((row) => [row.reason, row.outcome]).sort()).toEqual([
      ['enunciado_com_erro', 'anulada'],
      ['gabarito_errado', 'key_corrected'],
    ]);
    expect(reports.every((row) => row.closedAt !== null)).toBe(true);
    const anulled = reports.find((row) => row.outcome === 'anulada')!;
    const [item] = await db.select().from(questionItems).where(eq(questionItems.postId, anulled.postId));
    expect(item?.status).toBe('anulada');
    const told = await db
      .select()
      .from(notifications)
      .where(eq(notifications.title, QUESTION_REPORT_MESSAGES.outcomeTitle));
    expect(new Set(told.map((row) => row.userId))).toEqual(new Set(reports.map((row) => row.reporterId)));

    // The bank hides it from Ana unless she asks for it.
    const [ana] = await db.select().from(users).where(eq(users.username, 'ana.souza'));
    const cookie = await signedInAs(t.app, ana!);
    const bank = async (query: string) =>
      bankPageSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: `/api/questions?limit=50${query}`, headers: { cookie } })
        ).json(),
      );
    const shown = (await bank('&status=correct')).data;
    expect(shown.some((question) => question.postId === anulled.postId)).toBe(false);
    const all = (await bank('&status=correct&includeInactive=true')).data;
    expect(all.find((question) => question.postId === anulled.postId)?.questionStatus).toBe('anulada');
  });
});
