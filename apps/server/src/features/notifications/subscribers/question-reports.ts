import { QUESTION_REPORT_MESSAGES, SIMULADO_PAPER_LETTERS } from '@estudai/contract';
import type { AppContext } from '../../../context.ts';
import { deliver, notify } from '../notifications.service.ts';

const M = QUESTION_REPORT_MESSAGES;

/**
 * Error reports of a bank question (study's events, issue 40): a report tells the question's author
 * ('Reportaram um erro na sua questão'); a corrected key or a mark tells each reporter whose open
 * report it closed. In the change's transaction; notify's rules (blocks, oneself) apply.
 */
export function subscribeQuestionReportsNotifications(ctx: AppContext): void {
  ctx.events.on('question.reported', async (tx, event) => {
    const row = await notify(tx, {
      userId: event.questionAuthorId,
      actorId: event.reporterId,
      type: 'system',
      title: M.reportedTitle,
      message: M.reportedMessage(event.reason, event.reporterName),
      actionUrl: `/post/${event.postId}`,
      dedupeKey: `question-report:${event.reportId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });

  ctx.events.on('question.reviewed', async (tx, event) => {
    const message =
      event.outcome === 'key_corrected'
        ? M.outcomeKeyCorrected(
            SIMULADO_PAPER_LETTERS[event.correctAnswer] ?? String(event.correctAnswer + 1),
          )
        : event.outcome === 'anulada'
          ? M.outcomeAnulada
          : M.outcomeDesatualizada;
    const rows: ({ id: string } | undefined)[] = [];
    for (const userId of event.reporterIds) {
      rows.push(
        await notify(tx, {
          userId,
          actorId: event.actorId,
          type: 'system',
          title: M.outcomeTitle,
          message,
          actionUrl: `/post/${event.postId}`,
        }),
      );
    }
    ctx.events.afterCommit(tx, () => deliver(ctx, rows));
  });
}
