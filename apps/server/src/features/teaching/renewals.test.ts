import { TEACHING_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createUser } from '../../../test/factories.ts';
import { groupMemberships, notifications } from '../../db/schema/index.ts';
import { sendRenewalReminders } from './renewal-reminders.service.ts';

// Issue 24: paid members reminded 7 days before their access ends; removed members rejoining.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});
beforeEach(async () => {
  await resetTestApp(t);
  t.mailer.sent.length = 0;
});

const DAY = 24 * 3_600_000;
const inDays = (days: number, from = new Date()) => new Date(from.getTime() + days * DAY);
const notificationsOf = (userId: string) =>
  t.app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));

async function paidGroup() {
  const owner = await createUser(t.app, { userType: 'professor' });
  return createGroup(t.app, owner, {
    name: 'Química para o ENEM',
    isPaid: true,
    price: 4990,
    subscriptionDuration: 1,
  });
}

describe('renewal reminders', () => {
  it('tells a paid member 7 days before their access ends, in the app and by e-mail, with a renewal link', async () => {
    const group = await paidGroup();
    const ana = await createUser(t.app, { displayName: 'Ana Souza', email: 'ana@example.com' });
    const later = await createUser(t.app);
    const now = new Date('2026-03-01T12:00:00Z');
    await addMember(t.app, group, ana, { expiresAt: new Date('2026-03-07T15:00:00Z') });
    await addMember(t.app, group, later, { expiresAt: inDays(20, now) });

    expect(await sendRenewalReminders(t.app.ctx, now)).toBe(1);

    const [told] = await notificationsOf(ana.id);
    expect(told).toMatchObject({
      type: 'study_group',
      title: TEACHING_MESSAGES.renewalReminderTitle,
      message:
        'Seu acesso ao grupo Química para o ENEM termina em 7 de março de 2026. Renove para continuar estudando.',
      actionUrl: `/study-groups/${group.id}/payment`,
    });
    expect(await notificationsOf(later.id)).toEqual([]);
    expect(t.mailer.sent).toHaveLength(1);
    const [mail] = t.mailer.sent;
    expect(mail).toMatchObject({
      to: 'ana@example.com',
      subject: 'Seu acesso termina em 7 dias: Química para o ENEM',
      actionUrl: `${t.config.publicUrl}/study-groups/${group.id}/payment`,
    });
    expect(mail?.text).toContain('Renovar acesso');
  });

  it('reminds once per period: not again on the next tick, again after a renewal moves the end', async () => {
    const group = await paidGroup();
    const ana = await createUser(t.app);
    const now = new Date();
    const membership = await addMember(t.app, group, ana, { expiresAt: inDays(5, now) });
    expect(await sendRenewalReminders(t.app.ctx, now)).toBe(1);
    expect(await sendRenewalReminders(t.app.ctx, new Date(now.getTime() + 3_600_000))).toBe(0);
    expect(await sendRenewalReminders(t.app.ctx, inDays(1, now))).toBe(0);
    expect(await notificationsOf(ana.id)).toHaveLength(1);

    // Renewed for a month: the next period's reminder comes 7 days before its new end.
    const renewedEnd = inDays(35, now);
    await t.app.ctx.database.db
      .update(groupMemberships)
      .set({ expiresAt: renewedEnd })
      .where(eq(groupMemberships.id, membership.id));
    expect(await sendRenewalReminders(t.app.ctx, inDays(2, now))).toBe(0);
    expect(await sendRenewalReminders(t.app.ctx, inDays(29, now))).toBe(1);
    expect(await notificationsOf(ana.id)).toHaveLength(2);
    expect(t.mailer.sent).toHaveLength(2);
  });

  it('leaves out free groups, lifetime access, ended access and removed members', async () => {
    const now = new Date();
    const owner = await createUser(t.app, { userType: 'professor' });
    const free = await createGroup(t.app, owner);
    const paid = await paidGroup();
    const [inFree, lifetime, ended, removed] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    await addMember(t.app, free, inFree, { expiresAt: inDays(3, now) });
    await addMember(t.app, paid, lifetime);
    await addMember(t.app, paid, ended, { expiresAt: inDays(-1, now) });
    await addMember(t.app, paid, removed, { expiresAt: inDays(3, now), status: 'left', removedAt: now });
    expect(await sendRenewalReminders(t.app.ctx, now)).toBe(0);
    expect(t.mailer.sent).toEqual([]);
  });
});

describe('a removed member rejoining a free group', () => {
  it('joins again with a fresh membership and reads the group at once', async () => {
    const owner = await createUser(t.app, { userType: 'professor' });
    const group = await createGroup(t.app, owner);
    const ana = await createUser(t.app);
    await addMember(t.app, group, ana);
    const anaApi = await as(t.app, ana);
    const removed = await (await as(t.app, owner)).del(`/api/study-groups/${group.id}/members/${ana.id}`, {
      reason: 'Mensagens fora do tema.',
    });
    expect(removed.statusCode).toBe(200);
    expect((await anaApi.get(`/api/study-groups/${group.id}/posts`)).statusCode).toBe(403);

    const joined = await anaApi.post(`/api/study-groups/${group.id}/membership`, { action: 'join' });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().data).toMatchObject({ status: 'active', leftAt: null });
    expect((await anaApi.get(`/api/study-groups/${group.id}/posts`)).statusCode).toBe(200);
    const [row] = await t.app.ctx.database.db
      .select()
      .from(groupMemberships)
      .where(eq(groupMemberships.userId, ana.id));
    expect(row).toMatchObject({ status: 'active', removedAt: null, removedBy: null, removalReason: null });
  });
});
