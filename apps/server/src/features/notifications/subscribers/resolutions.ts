import { PRACTICE_MESSAGES } from '@estudai/contract';
import type { AppContext } from '../../../context.ts';
import { deliver, notify } from '../notifications.service.ts';
import { wrongAnswerers } from './resolutions.queries.ts';

/**
 * A new resolution (practice's event) tells those who answered the question wrong ('Nova resolução
 * da questão que você errou') and the question's author, in the resolution's transaction; never its
 * own author, nobody across a block (notify's rules).
 */
export function subscribeResolutionsNotifications(ctx: AppContext): void {
  ctx.events.on('resolution.created', async (tx, event) => {
    const url = `/post/${event.postId}`;
    const wrong = await wrongAnswerers(tx, event.postId, event.questionIndex);
    const rows: ({ id: string } | undefined)[] = [];
    for (const userId of wrong) {
      if (userId === event.questionAuthorId) continue;
      rows.push(
        await notify(tx, {
          userId,
          actorId: event.authorId,
          type: 'system',
          title: PRACTICE_MESSAGES.newResolutionTitle,
          message: `${event.authorName} explicou uma questão que você errou.`,
          actionUrl: url,
          dedupeKey: `resolution:${event.resolutionId}:${userId}`,
        }),
      );
    }
    rows.push(
      await notify(tx, {
        userId: event.questionAuthorId,
        actorId: event.authorId,
        type: 'system',
        title: PRACTICE_MESSAGES.newResolutionOnYourQuestionTitle,
        message: `${event.authorName} escreveu uma resolução da sua questão.`,
        actionUrl: url,
        dedupeKey: `resolution:${event.resolutionId}:${event.questionAuthorId}`,
      }),
    );
    ctx.events.afterCommit(tx, () => deliver(ctx, rows));
  });
}
