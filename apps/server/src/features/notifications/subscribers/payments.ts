import { formatBrl, TEACHING_MESSAGES } from '@estudai/contract';
import type { AppContext } from '../../../context.ts';
import { deliver, notify } from '../notifications.service.ts';

/** What the payments' events tell people (events/domain-events.ts, 'payments'), in their transaction. */
export function subscribePaymentsNotifications(ctx: AppContext): void {
  // A supervised teen's paid group waits for the guardian, who is asked here (and by e-mail).
  ctx.events.on('payment.approvalRequested', async (tx, event) => {
    const row = await notify(tx, {
      userId: event.guardianId,
      actorId: event.teenId,
      type: 'system',
      title: 'Pedido de autorização',
      message: `${event.teenName} quer entrar no grupo pago ${event.groupName}.`,
      actionUrl: '/responsavel',
      dedupeKey: `guardian-approval:${event.approvalId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });

  // The buyer is welcomed once their payment opened the group.
  ctx.events.on('payment.approved', async (tx, event) => {
    const row = await notify(tx, {
      userId: event.userId,
      type: 'study_group',
      title: 'Pagamento aprovado!',
      message: `Bem-vindo ao grupo ${event.groupName}.`,
      actionUrl: `/study-groups/${event.groupId}`,
      dedupeKey: `payment:${event.paymentId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });

  // A refund from the provider's side: the same notice as the owner's refund (one per payment).
  ctx.events.on('payment.refundedByProvider', async (tx, event) => {
    const row = await notify(tx, {
      userId: event.userId,
      type: 'study_group',
      title: TEACHING_MESSAGES.refundNotificationTitle,
      message: TEACHING_MESSAGES.refundNotification(event.groupName, formatBrl(event.amount)),
      actionUrl: `/study-groups/${event.groupId}`,
      dedupeKey: `refund:${event.paymentId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });
}
