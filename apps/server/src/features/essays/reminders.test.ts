import { ESSAY_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, oneAppPerDescribe, type TestApp } from '../../../test/app.ts';
import { createGroup, createMinor, createUser } from '../../../test/factories.ts';
import { essayPrompts, essayReviews, essays, notifications } from '../../db/schema/index.ts';
import { isQuietForMinor } from '../../lib/ages.ts';
import { runExpiringReviewReminders } from './reminders.service.ts';

// Issue 38: a grader is reminded, once, 6 hours before an assignment expires (48 h after it was
// given, when it goes back to the pool); never a minor between 22:00 and 07:00 Brasília time.

let t: TestApp;
const useApp = (app: TestApp) => {
  t = app;
};
const HOUR = 3_600_000;
const at = (brasilia: string) => new Date(`${brasilia}-03:00`);

async function essayOn(title: string, groupId: string | null = null) {
  const { db } = t.app.ctx.database;
  const teacher = await createUser(t.app, { userType: 'professor' });
  const author = await createUser(t.app);
  const [prompt] = await db
    .insert(essayPrompts)
    .values({ authorId: teacher.id, groupId, title, motivatingTexts: [], instruction: 'Escreva.' })
    .returning();
  const [essay] = await db
    .insert(essays)
    .values({
      authorId: author.id,
      promptId: prompt?.id ?? '',
      text: 'Texto da redação.',
      status: 'submitted',
      destination: groupId ? 'group' : 'community',
      groupId,
      reviewsNeeded: 2,
      submittedAt: at('2026-11-24T10:00'),
    })
    .returning();
  return essay?.id ?? '';
}

async function assign(
  grader: { id: string },
  essayId: string,
  expiresAt: Date,
  status: 'open' | 'done' = 'open',
) {
  await t.app.ctx.database.db.insert(essayReviews).values({
    essayId,
    graderId: grader.id,
    kind: 'regular',
    status,
    assignedAt: new Date(expiresAt.getTime() - 48 * HOUR),
    expiresAt,
  });
}

const toldOf = (userId: string) =>
  t.app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('reminders of assignments about to expire', () => {
  oneAppPerDescribe(() => buildTestApp(), useApp);

  it('reminds a grader once, 6 hours before, with the deadline in Brasília time and the way back to it', async () => {
    const essayId = await essayOn('A mobilidade urbana nas grandes cidades');
    const grader = await createUser(t.app);
    const later = await createUser(t.app);
    const sent = await createUser(t.app);
    const gone = await createUser(t.app);
    await assign(grader, essayId, at('2026-11-26T15:00'));
    await assign(later, essayId, at('2026-11-26T16:30'));
    await assign(sent, essayId, at('2026-11-26T14:00'), 'done');
    await assign(gone, essayId, at('2026-11-26T08:00'));

    expect(await runExpiringReviewReminders(t.app.ctx, at('2026-11-26T10:00'))).toBe(1);
    const [row, ...rest] = await toldOf(grader.id);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      title: ESSAY_MESSAGES.reminderTitle,
      message:
        'A correção da redação sobre "A mobilidade urbana nas grandes cidades" vence em 26/11 às 15:00 (horário de Brasília); depois disso, ela volta para a fila.',
      actionUrl: '/redacao/corrigir',
    });
    for (const other of [later, sent, gone]) expect(await toldOf(other.id)).toEqual([]);

    // The next passes: no second reminder; the later one comes into its 6 hours.
    expect(await runExpiringReviewReminders(t.app.ctx, at('2026-11-26T10:15'))).toBe(0);
    expect(await runExpiringReviewReminders(t.app.ctx, at('2026-11-26T10:30'))).toBe(1);
    expect(await toldOf(grader.id)).toHaveLength(1);
    expect(await toldOf(later.id)).toHaveLength(1);
  });

  it("sends a group's teacher to that group's queue", async () => {
    const owner = await createUser(t.app, { userType: 'professor' });
    const group = await createGroup(t.app, owner);
    const essayId = await essayOn('O voto facultativo aos dezesseis anos', group.id);
    await assign(owner, essayId, at('2026-11-26T12:00'));
    await runExpiringReviewReminders(t.app.ctx, at('2026-11-26T10:00'));
    expect((await toldOf(owner.id)).map((n) => n.actionUrl)).toEqual([`/redacao/corrigir?grupo=${group.id}`]);
  });

  it('never reminds a minor between 22:00 and 07:00 Brasília time; 07:00 is the first moment', async () => {
    const essayId = await essayOn('O desperdício de alimentos no Brasil');
    const teen = await createMinor(t.app, 16);
    const teenNight = await createMinor(t.app, 15);
    const adult = await createUser(t.app);
    await assign(teen, essayId, at('2026-11-27T09:00'));
    await assign(teenNight, essayId, at('2026-11-27T01:00'));
    await assign(adult, essayId, at('2026-11-27T01:00'));

    // 22:30: the adult hears of the 01:00 deadline; the 15-year-old does not, then or before it ends.
    expect(await runExpiringReviewReminders(t.app.ctx, at('2026-11-26T22:30'))).toBe(1);
    expect(await toldOf(adult.id)).toHaveLength(1);
    await runExpiringReviewReminders(t.app.ctx, at('2026-11-27T00:45'));
    expect(await toldOf(teenNight.id)).toEqual([]);

    // The 09:00 deadline's 6 hours start at 03:00: nothing until 07:00.
    for (const time of ['2026-11-27T03:00', '2026-11-27T05:00', '2026-11-27T06:59'])
      await runExpiringReviewReminders(t.app.ctx, at(time));
    expect(await toldOf(teen.id)).toEqual([]);
    expect(await runExpiringReviewReminders(t.app.ctx, at('2026-11-27T07:00'))).toBe(1);
    expect((await toldOf(teen.id)).map((n) => n.title)).toEqual([ESSAY_MESSAGES.reminderTitle]);
  });

  it('one rule for quiet hours: a minor from 22:00 to 06:59 Brasília, never an adult', () => {
    const teen = '2010-05-01';
    const adult = '1990-05-01';
    expect(
      ['21:59', '22:00', '02:00', '06:59', '07:00'].map((time) =>
        isQuietForMinor(teen, at(`2026-11-26T${time}`)),
      ),
    ).toEqual([false, true, true, true, false]);
    expect(isQuietForMinor(adult, at('2026-11-26T23:00'))).toBe(false);
  });
});
