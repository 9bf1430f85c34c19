import { RENEWAL_REMINDER_DAYS, TEACHING_MESSAGES } from '@estudai/contract';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { groupMemberships, studyGroups, users } from '../../db/schema/index.ts';
import { mailLayout, mailText } from '../../lib/mail-layout.ts';
import { deliver, notify } from '../notifications/index.ts';

// Issue 24: a paid member is told 7 days before their access ends, in the app and by e-mail, with
// a link to renew. Once per paid period: the membership remembers the end it was reminded of
// (renewal_reminded_for), so a renewal that moves the end earns a new reminder, a tick does not.

const dateText = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'long' });

/**
 * One pass: claims every active membership of a paid group ending within 7 days that was not
 * reminded of this end (an update only one process wins), then notifies and mails each member.
 * Answers how many were reminded.
 */
export async function sendRenewalReminders(ctx: AppContext, now = ctx.clock()): Promise<number> {
  const { db } = ctx.database;
  const soon = new Date(now.getTime() + RENEWAL_REMINDER_DAYS * 24 * 3_600_000);
  const paidGroups = db
    .select({ id: studyGroups.id })
    .from(studyGroups)
    .where(and(eq(studyGroups.isPaid, true), eq(studyGroups.isActive, true)));
  const claimed = await db
    .update(groupMemberships)
    .set({ renewalRemindedFor: groupMemberships.expiresAt })
    .where(
      and(
        eq(groupMemberships.status, 'active'),
        gt(groupMemberships.expiresAt, now),
        lte(groupMemberships.expiresAt, soon),
        sql`${groupMemberships.renewalRemindedFor} is distinct from ${groupMemberships.expiresAt}`,
        inArray(groupMemberships.studyGroupId, paidGroups),
      ),
    )
    .returning();
  let sent = 0;
  for (const membership of claimed) {
    if (!membership.expiresAt) continue;
    const [row] = await db
      .select({ groupName: studyGroups.name, email: users.email, displayName: users.displayName })
      .from(studyGroups)
      .innerJoin(users, eq(users.id, membership.userId))
      .where(eq(studyGroups.id, membership.studyGroupId));
    if (!row) continue;
    const path = `/study-groups/${membership.studyGroupId}/payment`;
    const message = TEACHING_MESSAGES.renewalReminder(row.groupName, dateText.format(membership.expiresAt));
    const notification = await notify(db, {
      userId: membership.userId,
      type: 'study_group',
      title: TEACHING_MESSAGES.renewalReminderTitle,
      message,
      actionUrl: path,
      dedupeKey: `renewal-reminder:${membership.id}:${membership.expiresAt.toISOString()}`,
    });
    deliver(ctx, [notification]);
    const action = { label: TEACHING_MESSAGES.renewalReminderAction, url: `${ctx.config.publicUrl}${path}` };
    const lines = [`Olá, ${row.displayName}!`, message];
    await ctx.mailer.send({
      to: row.email,
      subject: `${TEACHING_MESSAGES.renewalReminderTitle}: ${row.groupName}`,
      text: mailText(lines, action),
      html: mailLayout(TEACHING_MESSAGES.renewalReminderTitle, lines, action),
      actionUrl: action.url,
    });
    sent++;
  }
  return sent;
}

/** The periodic pass, hourly, once per slot across processes (plugins/jobs.ts). */
export function registerRenewalReminderJobs(ctx: AppContext, everyMs = 3_600_000): void {
  ctx.jobs.every('teaching.renewal-reminders', everyMs, () => sendRenewalReminders(ctx));
}
