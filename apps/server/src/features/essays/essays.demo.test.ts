import { essayChecks } from '@estudai/contract';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/factories.ts';
import { essayGroupQuotas, essayPrompts, essays, studyGroups, users } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.app.ctx.database.db);
});
afterAll(async () => {
  await t.app.close();
});

describe('demo redação', () => {
  it('has 8 proposals with motivating texts, and 6 controls of 8–30 lines that copy none of them', async () => {
    const { db } = t.app.ctx.database;
    const prompts = await db.select().from(essayPrompts);
    expect(prompts.length).toBeGreaterThanOrEqual(8);
    for (const prompt of prompts) expect(prompt.motivatingTexts.length).toBeGreaterThan(0);
    const controls = await db.select().from(essays).where(isNotNull(essays.controlScores));
    expect(controls.length).toBeGreaterThanOrEqual(6);
    for (const control of controls) {
      const prompt = prompts.find((p) => p.id === control.promptId)!;
      const checks = essayChecks(
        control.text,
        prompt.motivatingTexts.map((m) => m.text ?? ''),
      );
      expect(checks).toEqual({ insufficient: false, overLimit: false, copiedRanges: [] });
    }
  });

  it('gives a demo student a control to calibrate with, and lists the proposals', async () => {
    const { db } = t.app.ctx.database;
    const [ana] = await db.select().from(users).where(eq(users.username, 'ana.souza'));
    const cookie = await signedInAs(t.app, ana!);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/essay-reviews/next',
      headers: { cookie },
      payload: {},
    });
    expect(next.statusCode).toBe(200);
    expect(next.json().data.essay.text.length).toBeGreaterThan(500);
    const list = await t.app.inject({ method: 'GET', url: '/api/essay-prompts', headers: { cookie } });
    expect(list.json().data.length).toBeGreaterThanOrEqual(8);
  });

  it("gives the paid 'Redação Nota 1000' a quota of 4 corrections a month", async () => {
    const { db } = t.app.ctx.database;
    const rows = await db
      .select({ name: studyGroups.name, isPaid: studyGroups.isPaid, quota: essayGroupQuotas.monthlyQuota })
      .from(essayGroupQuotas)
      .innerJoin(studyGroups, eq(studyGroups.id, essayGroupQuotas.groupId));
    expect(rows).toEqual([{ name: 'Redação Nota 1000', isPaid: true, quota: 4 }]);
  });
});
