import { QUESTION_REPORT_MESSAGES, SIMULADO_PAPER_LETTERS } from '@estudai/contract';
import type { AppContext } from '../../../context.ts';
import { deliver, notify } from '../notifications.service.ts';
import { moderatorIds } from './question-reports.queries.ts';

const M = QUESTION_REPORT_MESSAGES;

/**
 * Error reports of a bank question (study's events, issue 40): a report tells the question's author
 * ('Reportaram um erro na sua questão') and the moderators ('Erro reportado numa questão'); a corrected key or a mark tells each reporter whose open
 * report it closed. In the change's transaction; notify's rules (blocks, oneself) apply.
 */
export function subscribeQuestionReportsNotifications(ctx: AppContext): void {
  ctx.events.on('question.reported', async (tx, event) => {
    const message = M.reportedMessage(event.reason, event.reporterName);
    const url = `/post/${event.postId}`;
    const rows = [
      await notify(tx, {
        userId: event.questionAuthorId,
        actorId: event.reporterId,
        type: 'system',
        title: M.reportedTitle,
        message,
        actionUrl: url,
        dedupeKey: `question-report:${event.reportId}`,
      }),
    ];
    // The moderators too (an admin may correct any question), the author's own report aside.
    for (const userId of await moderatorIds(tx)) {
      if (userId === event.questionAuthorId) continue;
      rows.push(
        await notify(tx, {
          userId,
          actorId: event.reporterId,
          type: 'system',
          title: M.reportedToModeratorsTitle,
          message,
          actionUrl: url,
          dedupeKey: `question-report:${event.reportId}:${userId}`,
        }),
      );
    }
    ctx.events.afterCommit(tx, () => deliver(ctx, rows));
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
