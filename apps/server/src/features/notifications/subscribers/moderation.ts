import {
  APPEAL_STATUS_LABELS,
  ENFORCEMENT_ITEM_LABELS,
  ENFORCEMENT_KIND_LABELS,
  formatBrasiliaDayMonthTime,
  MODERATION_MESSAGES,
  ruleLabel,
} from '@estudai/contract';
import type { AppContext } from '../../../context.ts';
import { deliver, notify } from '../notifications.service.ts';

const ACTIONS_URL = '/configuracoes/advertencias';

/**
 * Issue 43: every action against a person reaches them naming the rule and the item, with the way
 * to appeal; an appeal's outcome reaches them with the moderator's note.
 */
export function subscribeModerationNotifications(ctx: AppContext): void {
  ctx.events.on('moderation.actionRecorded', async (tx, action) => {
    // A report's warning or removal is told by the report's own notice (subscribers/reports.ts),
    // which names the rule and the item too; a limit or suspension from it is told here.
    if (action.reportId && (action.kind === 'warning' || action.kind === 'content_removed')) return;
    const until = action.endsAt ? ` até ${formatBrasiliaDayMonthTime(action.endsAt)}` : '';
    const row = await notify(tx, {
      userId: action.userId,
      type: 'system',
      title: `${MODERATION_MESSAGES.actionTitle}: ${ENFORCEMENT_KIND_LABELS[action.kind]}${until}`,
      message: `Regra: ${ruleLabel(action.rule)}. Item: ${ENFORCEMENT_ITEM_LABELS[action.itemType]}. Se discordar, você pode recorrer uma vez em Configurações › Minhas advertências.`,
      actionUrl: ACTIONS_URL,
      dedupeKey: `moderation-action:${action.actionId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });

  ctx.events.on('moderation.appealDecided', async (tx, appeal) => {
    const status = appeal.uphold ? 'upheld' : 'reversed';
    const row = await notify(tx, {
      userId: appeal.userId,
      type: 'system',
      title: MODERATION_MESSAGES.appealOutcomeTitle,
      message: appeal.note
        ? `${APPEAL_STATUS_LABELS[status]}. Observação: ${appeal.note}`
        : `${APPEAL_STATUS_LABELS[status]}.`,
      actionUrl: ACTIONS_URL,
      dedupeKey: `appeal-outcome:${appeal.appealId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });
}
