import { RENEWAL_REMINDER_DAYS, TEACHING_MESSAGES } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { mailLayout, mailText } from '../../lib/mail-layout.ts';
import { claimRenewalReminders, findReminderContact } from './renewals.queries.ts';

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
  const claimed = await claimRenewalReminders(db, now, soon);
  let sent = 0;
  for (const membership of claimed) {
    const accessEndsAt = membership.expiresAt;
    if (!accessEndsAt) continue;
    const row = await findReminderContact(db, membership.studyGroupId, membership.userId);
    if (!row) continue;
    // In the app (notifications/subscribers/teaching.ts), then by e-mail.
    await ctx.events.transaction((tx) =>
      ctx.events.emit(tx, 'teaching.renewalDue', {
        membershipId: membership.id,
        groupId: membership.studyGroupId,
        groupName: row.groupName,
        userId: membership.userId,
        accessEndsAt: accessEndsAt.toISOString(),
      }),
    );
    const path = `/study-groups/${membership.studyGroupId}/payment`;
    const message = TEACHING_MESSAGES.renewalReminder(row.groupName, dateText.format(accessEndsAt));
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
