import { formatBrl, TEACHING_MESSAGES } from '@estudai/contract';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { deliver, type NotifyInput, notify } from '../notifications.service.ts';

const whenText = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});
const dateText = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'long' });

/** What the teacher's toolkit's events tell people (events/domain-events.ts, 'teaching'). */
export function subscribeTeachingNotifications(ctx: AppContext): void {
  /** A 'study_group' notification per person of `audience`, in the change's transaction; delivered after it. */
  async function notifyEach(
    tx: Tx,
    audience: string[],
    input: Omit<NotifyInput, 'userId' | 'type'>,
  ): Promise<void> {
    const rows: ({ id: string } | undefined)[] = [];
    for (const userId of audience) rows.push(await notify(tx, { ...input, type: 'study_group', userId }));
    ctx.events.afterCommit(tx, () => deliver(ctx, rows));
  }

  // An 'Aviso': everyone in the group but its author, live and by push.
  ctx.events.on('teaching.announcementPosted', (tx, event) =>
    notifyEach(tx, event.audience, {
      actorId: event.authorId,
      title: TEACHING_MESSAGES.announcementNotificationTitle(event.groupName),
      message: event.content.length > 140 ? `${event.content.slice(0, 139)}…` : event.content,
      actionUrl: `/study-groups/${event.groupId}`,
      dedupeKey: `announcement:${event.announcementId}`,
    }),
  );

  // A live class scheduled: when, in Brasília's time.
  ctx.events.on('teaching.classScheduled', (tx, event) =>
    notifyEach(tx, event.audience, {
      actorId: event.createdBy,
      title: TEACHING_MESSAGES.classNotificationTitle(event.groupName),
      message: `${event.title} — ${whenText.format(new Date(event.startsAt))} (horário de Brasília).`,
      actionUrl: `/study-groups/${event.groupId}`,
      dedupeKey: `class:${event.classId}`,
    }),
  );

  // 15 minutes before a live class: its link.
  ctx.events.on('teaching.classReminderDue', (tx, event) =>
    notifyEach(tx, event.audience, {
      actorId: event.createdBy,
      title: TEACHING_MESSAGES.classReminderTitle,
      message: `${event.title} — ${event.groupName}. Entre pelo link: ${event.meetingUrl}`,
      actionUrl: `/study-groups/${event.groupId}`,
      dedupeKey: `class-reminder:${event.classId}`,
    }),
  );

  // A removed member is told why (and what was refunded).
  ctx.events.on('teaching.memberRemoved', (tx, event) =>
    notifyEach(tx, [event.userId], {
      actorId: event.removedBy,
      title: TEACHING_MESSAGES.removedNotificationTitle,
      message:
        event.refundAmount === null
          ? TEACHING_MESSAGES.removedNotification(event.groupName, event.reason)
          : TEACHING_MESSAGES.removedRefundNotification(
              event.groupName,
              event.reason,
              formatBrl(event.refundAmount),
            ),
      actionUrl: `/study-groups/${event.groupId}`,
    }),
  );

  // The owner's refund from 'Receitas' (the provider's own refund says the same: payments.ts).
  ctx.events.on('teaching.paymentRefunded', (tx, event) =>
    notifyEach(tx, [event.userId], {
      actorId: event.refundedBy,
      title: TEACHING_MESSAGES.refundNotificationTitle,
      message: TEACHING_MESSAGES.refundNotification(event.groupName, formatBrl(event.amount)),
      actionUrl: `/study-groups/${event.groupId}`,
      dedupeKey: `refund:${event.paymentId}`,
    }),
  );

  // 7 days before a paid access ends, once per end (the e-mail is teaching's own).
  ctx.events.on('teaching.renewalDue', (tx, event) =>
    notifyEach(tx, [event.userId], {
      title: TEACHING_MESSAGES.renewalReminderTitle,
      message: TEACHING_MESSAGES.renewalReminder(
        event.groupName,
        dateText.format(new Date(event.accessEndsAt)),
      ),
      actionUrl: `/study-groups/${event.groupId}/payment`,
      dedupeKey: `renewal-reminder:${event.membershipId}:${event.accessEndsAt}`,
    }),
  );

  // A new co-teacher.
  ctx.events.on('teaching.teacherAdded', (tx, event) =>
    notifyEach(tx, [event.teacherId], {
      actorId: event.addedBy,
      title: TEACHING_MESSAGES.teacherAddedNotificationTitle,
      message: TEACHING_MESSAGES.teacherAddedNotification(event.addedByName, event.groupName),
      actionUrl: `/study-groups/${event.groupId}`,
    }),
  );
}
