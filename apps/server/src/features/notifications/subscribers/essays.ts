import { ESSAY_MESSAGES, formatBrasiliaDayMonthTime } from '@estudai/contract';
import type { AppContext } from '../../../context.ts';
import { deliver, notify } from '../notifications.service.ts';

/** What the essays' events tell people (events/domain-events.ts, 'essays'). */
export function subscribeEssaysNotifications(ctx: AppContext): void {
  // The final score is out: the author hears of it, in the correction's transaction.
  ctx.events.on('essay.corrected', async (tx, event) => {
    const row = await notify(tx, {
      userId: event.authorId,
      type: 'system',
      title: 'Sua redação foi corrigida',
      message: `Sua redação sobre "${event.promptTitle}" recebeu nota ${event.total.toLocaleString('pt-BR')}.`,
      actionUrl: `/redacao/${event.essayId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });
  // A group's essay (or one for the banca) waits for its teachers.
  ctx.events.on('essay.reviewRequested', async (tx, event) => {
    const rows: Awaited<ReturnType<typeof notify>>[] = [];
    for (const teacherId of event.teacherIds) {
      rows.push(
        await notify(tx, {
          userId: teacherId,
          type: 'system',
          title: 'Nova redação para corrigir',
          message: `Uma redação sobre "${event.promptTitle}" espera a sua correção.`,
          actionUrl: '/redacao/corrigir',
        }),
      );
    }
    ctx.events.afterCommit(tx, () => deliver(ctx, rows));
  });
  // An assignment expires within 6 hours (essays/reminders.service.ts, which keeps minors' quiet hours).
  ctx.events.on('essay.reviewExpiring', async (tx, event) => {
    const row = await notify(tx, {
      userId: event.graderId,
      type: 'system',
      title: ESSAY_MESSAGES.reminderTitle,
      message: ESSAY_MESSAGES.reminderMessage(event.promptTitle, formatBrasiliaDayMonthTime(event.expiresAt)),
      actionUrl: event.groupId ? `/redacao/corrigir?grupo=${event.groupId}` : '/redacao/corrigir',
      dedupeKey: `essay-review-expiring:${event.reviewId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });
}
