import type { AppContext } from '../../../context.ts';
import { deliver, notify } from '../notifications.service.ts';

/** What the forum's events tell people (events/domain-events.ts, 'forum'). */
export function subscribeForumNotifications(ctx: AppContext): void {
  // A reply tells the topic's author, in the reply's transaction (not oneself, nobody across a block).
  ctx.events.on('forum.topicReplied', async (tx, event) => {
    const row = await notify(tx, {
      userId: event.topicAuthorId,
      actorId: event.replierId,
      type: 'comment',
      title: 'Nova resposta no fórum',
      message: `${event.replierName} respondeu ao seu tópico "${event.topicTitle}".`,
      actionUrl: `/study-groups/${event.groupId}/forum`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });
}
