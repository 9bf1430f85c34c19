import { ENFORCEMENT_ITEM_LABELS, REPORT_MESSAGES, ruleLabel } from '@estudai/contract';
import type { AppContext } from '../../../context.ts';
import { deliver, notify } from '../notifications.service.ts';

/**
 * What moderation decisions tell people (reports' events), recorded in the decision's
 * transaction and delivered once it commits. Nobody learns who reported them.
 */
export function subscribeReportsNotifications(ctx: AppContext): void {
  ctx.events.on('report.resolved', async (tx, report) => {
    // A warning reaches the warned person as a system message.
    const warning =
      report.action === 'warn' && report.contentKind === 'user'
        ? await notify(tx, {
            userId: report.targetId,
            type: 'system',
            title: 'Aviso da moderação',
            message: `Regra: ${ruleLabel(report.reason)}. Item: ${ENFORCEMENT_ITEM_LABELS.user}. Recebemos denúncias sobre sua conduta no Estudaí. Revise as regras da comunidade: novas violações podem levar à suspensão da conta. Se discordar, você pode recorrer em Configurações › Minhas advertências.`,
            actionUrl: '/profile',
            dedupeKey: `moderation-warning:${report.reportId}`,
          })
        : undefined;
    // Removed content: its author is told, and may contest.
    const removal =
      report.action !== 'dismiss' && report.contentKind !== 'user'
        ? await notify(tx, {
            userId: report.targetId,
            type: 'system',
            title: REPORT_MESSAGES.contentRemovedTitle,
            message: `Regra: ${ruleLabel(report.reason)}. Item: ${ENFORCEMENT_ITEM_LABELS[report.contentKind]}. ${REPORT_MESSAGES.contentRemoved}`,
            actionUrl: `/denuncias/${report.reportId}`,
            dedupeKey: `moderation-removal:${report.reportId}`,
          })
        : undefined;
    // The reporter hears the outcome.
    const outcome = await notify(tx, {
      userId: report.reporterId,
      type: 'system',
      title: REPORT_MESSAGES.outcomeTitle,
      message:
        report.action === 'dismiss' ? REPORT_MESSAGES.outcomeDismissed : REPORT_MESSAGES.outcomeActioned,
      dedupeKey: `report-outcome:${report.reportId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [warning, removal, outcome]));
  });

  ctx.events.on('report.contest.decided', async (tx, contest) => {
    const row = await notify(tx, {
      userId: contest.targetId,
      type: 'system',
      title: REPORT_MESSAGES.contestOutcomeTitle,
      message: contest.uphold ? REPORT_MESSAGES.contestUpheld : REPORT_MESSAGES.contestReversed,
      dedupeKey: `contest-outcome:${contest.reportId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });
}
