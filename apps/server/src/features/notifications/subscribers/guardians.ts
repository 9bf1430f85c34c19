import { MINORS_MESSAGES } from '@estudai/contract';
import type { AppContext } from '../../../context.ts';
import { deliver, notify } from '../notifications.service.ts';

/** What a teen hears of their guardian (guardians' events), recorded in the change's transaction. */
export function subscribeGuardiansNotifications(ctx: AppContext): void {
  ctx.events.on('guardian.linked', async (tx, link) => {
    const row = await notify(tx, {
      userId: link.teenId,
      actorId: link.guardianId,
      type: 'system',
      title: MINORS_MESSAGES.supervisionActive,
      message: `${link.guardianName} confirmou que é seu responsável no Estudaí.`,
      dedupeKey: `guardian-link:${link.linkId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });

  ctx.events.on('guardian.approval.decided', async (tx, decision) => {
    const row = await notify(tx, {
      userId: decision.teenId,
      actorId: decision.guardianId,
      type: 'study_group',
      title: decision.approved ? 'Entrada aprovada' : 'Entrada recusada',
      message: decision.approved
        ? `Seu responsável aprovou sua entrada no grupo ${decision.groupName}. Você já pode fazer o pagamento.`
        : `Seu responsável não aprovou sua entrada no grupo ${decision.groupName}.`,
      actionUrl: `/study-groups/${decision.groupId}`,
      dedupeKey: `guardian-approval-decision:${decision.approvalId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });
}
