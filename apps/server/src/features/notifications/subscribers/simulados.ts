import { SIMULADO_MESSAGES } from '@estudai/contract';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { deliver, type NotifyInput, notify } from '../notifications.service.ts';

const whenText = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** What the simulados' events tell people (events/domain-events.ts, 'simulados'; issue 36). */
export function subscribeSimuladosNotifications(ctx: AppContext): void {
  async function notifyEach(tx: Tx, audience: string[], input: Omit<NotifyInput, 'userId' | 'type'>) {
    const rows: ({ id: string } | undefined)[] = [];
    for (const userId of audience) rows.push(await notify(tx, { ...input, type: 'study_group', userId }));
    ctx.events.afterCommit(tx, () => deliver(ctx, rows));
  }

  // Published: every current member of the group, once per simulado.
  ctx.events.on('simulado.published', (tx, event) =>
    notifyEach(tx, event.audience, {
      actorId: event.publishedBy,
      title: SIMULADO_MESSAGES.publishedNotificationTitle(event.groupName),
      message: SIMULADO_MESSAGES.publishedNotification(
        event.title,
        whenText.format(new Date(event.closesAt)),
      ),
      actionUrl: `/simulados/${event.simuladoId}`,
      dedupeKey: `simulado-published:${event.simuladoId}`,
    }),
  );

  // Closed: each participant's result (and the ranking) is out; the creator's class results are.
  ctx.events.on('simulado.resultsReleased', async (tx, event) => {
    const takers = event.participantIds.filter((userId) => userId !== event.createdBy);
    await notifyEach(tx, takers, {
      title: SIMULADO_MESSAGES.resultsNotificationTitle,
      message: SIMULADO_MESSAGES.resultsNotification(event.title),
      actionUrl: `/simulados/${event.simuladoId}/resultado`,
      dedupeKey: `simulado-results:${event.simuladoId}`,
    });
    await notifyEach(tx, [event.createdBy], {
      title: SIMULADO_MESSAGES.classResultsNotificationTitle,
      message: SIMULADO_MESSAGES.classResultsNotification(event.title, event.participantIds.length),
      actionUrl: `/simulados/${event.simuladoId}`,
      dedupeKey: `simulado-class-results:${event.simuladoId}`,
    });
  });
}
