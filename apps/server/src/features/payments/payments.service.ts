import type { IncomingHttpHeaders } from 'node:http';
import {
  GROUP_ERROR_CODES,
  GROUP_MESSAGES,
  type Payment,
  type PaymentMethod,
  type Receipt,
} from '@estudai/contract';
import { countCurrentMembers, groupAccess, membershipIsCurrent } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { applyApprovedPayment, findUnappliedPayment, type PaymentRow } from '../groups/index.ts';
import { markApprovalUsed } from './approvals.queries.ts';
import { gatePaidCheckout } from './approvals.service.ts';
import { releaseCoupon } from './coupons.queries.ts';
import { claimCoupon, discounted } from './coupons.service.ts';
import type { PaymentProvider, WebhookEvent } from './payment-provider.ts';
import {
  approvePayment,
  failPendingPayment,
  findEventPayment,
  findGroupName,
  insertPayment,
  listReceiptRows,
  recordPaymentEvent,
  setPaymentFee,
  updatePayment,
} from './payments.queries.ts';
import { markRefunded } from './refunds.service.ts';

function toPayment(row: PaymentRow, provider: PaymentProvider, checkoutUrl: string | null): Payment {
  return {
    id: row.id,
    studyGroupId: row.studyGroupId,
    provider: row.provider,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    testMode: row.provider === 'sandbox' || provider.testMode,
    checkoutUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Starts paying for a group. Amount and duration come from the group, never from the client.
 * A current member with an end date may pay again (renewal, extended from the current end); the
 * owner and lifetime members may not. An approved payment not yet applied is answered again
 * instead of charging twice (the join that should have followed it failed).
 */
/** The buyer's confirmed payments, newest first, each a receipt ('Recibo'). */
export async function listReceipts(
  ctx: AppContext,
  viewer: SessionUser,
  provider: PaymentProvider,
): Promise<Receipt[]> {
  const rows = await listReceiptRows(ctx.database.db, viewer.id);
  return rows.map(({ payment, groupName }) => ({
    id: payment.id,
    studyGroupId: payment.studyGroupId,
    groupName,
    provider: payment.provider,
    method: payment.method,
    amount: payment.amount,
    currency: payment.currency,
    testMode: toPayment(payment, provider, null).testMode,
    paidAt: (payment.approvedAt ?? payment.createdAt).toISOString(),
    durationMonths: payment.durationMonths,
    providerRef: payment.providerRef,
    status: payment.status === 'refunded' ? ('refunded' as const) : ('approved' as const),
    refundedAt: payment.refundedAt?.toISOString() ?? null,
    couponPercent: payment.couponPercent,
    accessEndsAt: payment.accessEndsAt?.toISOString() ?? null,
  }));
}

/** A payment started, or (a supervised teen) the guardian's approval asked for first (issue 25). */
export type PaymentStart =
  | { kind: 'payment'; payment: Payment }
  | { kind: 'approval'; approvalId: string; message: string };

export async function createPayment(
  ctx: AppContext,
  provider: PaymentProvider,
  viewer: SessionUser,
  groupId: string,
  method: PaymentMethod,
  inviteCode?: string,
): Promise<PaymentStart> {
  const { db } = ctx.database;
  const { group, membership, isOwner } = await groupAccess(db, groupId, viewer.id);
  if (!group.isPaid) throw badRequest(GROUP_MESSAGES.alreadyFree);
  if (!group.isActive) throw conflict(GROUP_MESSAGES.groupInactive, GROUP_ERROR_CODES.groupInactive);
  const isCurrent = membershipIsCurrent(membership);
  if (isOwner || (isCurrent && membership?.expiresAt === null)) throw conflict(GROUP_MESSAGES.alreadyMember);
  if (!isCurrent && (await countCurrentMembers(db, group.id)) >= group.maxMembers) {
    throw conflict(GROUP_MESSAGES.groupFull, GROUP_ERROR_CODES.groupFull);
  }
  const unapplied = await findUnappliedPayment(db, group.id, viewer.id);
  if (unapplied) return { kind: 'payment', payment: toPayment(unapplied, provider, null) };
  const gate = await gatePaidCheckout(ctx, viewer, group);
  if (!gate.allowed) return { kind: 'approval', approvalId: gate.approvalId, message: gate.message };

  // An invite link's coupon takes a percent off the first payment (issue 24).
  const coupon = inviteCode ? await claimCoupon(db, group.id, viewer.id, inviteCode, ctx.clock()) : null;
  const amount = discounted(group.price, coupon?.percent ?? null);
  const payment = await insertPayment(db, {
    studyGroupId: group.id,
    userId: viewer.id,
    provider: provider.name,
    method,
    status: amount === 0 ? 'approved' : 'pending',
    approvedAt: amount === 0 ? ctx.clock() : null,
    amount,
    couponPercent: coupon?.percent ?? null,
    inviteLinkId: coupon?.linkId ?? null,
    durationMonths: group.subscriptionDuration,
  });
  if (!payment) throw new Error('insert returned no payment');
  if (gate.approvalId) await markApprovalUsed(db, gate.approvalId, ctx.clock());
  // A 100% coupon: nothing to charge, so no provider is asked (Stripe refuses a zero amount).
  if (amount === 0) return { kind: 'payment', payment: toPayment(payment, provider, null) };

  const base = `${ctx.config.publicUrl}/study-groups/${group.id}/payment`;
  const checkout = await provider
    .createCheckout({
      payment,
      group,
      buyer: viewer,
      successUrl: `${base}?status=success`,
      cancelUrl: `${base}?status=cancel`,
    })
    .catch(async (error: unknown) => {
      await updatePayment(db, payment.id, { status: 'failed' });
      if (coupon) await releaseCoupon(db, coupon.linkId);
      throw error;
    });
  const approved = checkout.status === 'approved';
  const saved = await updatePayment(db, payment.id, {
    providerRef: checkout.providerRef,
    ...(approved ? { status: 'approved' as const, approvedAt: ctx.clock() } : {}),
    ...(checkout.feeAmount !== undefined ? { feeAmount: checkout.feeAmount } : {}),
  });
  return { kind: 'payment', payment: toPayment(saved ?? payment, provider, checkout.checkoutUrl) };
}

/** A refund made at the provider (ours, whose event comes after, or the Dashboard's): applied once. */
async function refundedByProvider(
  ctx: AppContext,
  tx: Tx,
  payment: PaymentRow,
  event: WebhookEvent,
): Promise<void> {
  const refunded = await markRefunded(tx, payment.id, {
    refundRef: null,
    paymentIntentRef: event.paymentIntentRef ?? null,
    reason: null,
    now: ctx.clock(),
  });
  if (!refunded?.userId) return;
  const group = await findGroupName(tx, payment.studyGroupId);
  if (!group) return;
  // The buyer hears of it (notifications/subscribers/payments.ts).
  await ctx.events.emit(tx, 'payment.refundedByProvider', {
    paymentId: payment.id,
    groupId: group.id,
    groupName: group.name,
    userId: refunded.userId,
    amount: refunded.amount,
  });
}

/** The fee the provider kept of a paid PaymentIntent, stored once it says ('Receitas' take it off). */
async function settleFee(
  ctx: AppContext,
  provider: PaymentProvider,
  paymentIntentRef: string | null | undefined,
): Promise<void> {
  if (!paymentIntentRef || !provider.feeOf) return;
  const fee = await provider.feeOf(paymentIntentRef);
  if (fee !== null) await setPaymentFee(ctx.database.db, provider.name, paymentIntentRef, fee);
}

/**
 * One webhook delivery. The event id is recorded first: a repeated delivery (providers retry, and
 * may send the same event several times at once) finds it recorded and changes nothing. An
 * approval opens or extends the membership in the same transaction and tells the buyer.
 */
export async function handleWebhook(
  ctx: AppContext,
  provider: PaymentProvider,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): Promise<void> {
  const event = provider.parseWebhook(rawBody, headers);
  if (!event) return;
  // Setting a fee twice sets the same cents: a repeated delivery needs no record. A provider that
  // does not answer is a 503, so it delivers the event again.
  if (event.status === 'charged') return settleFee(ctx, provider, event.paymentIntentRef);
  let approved = false;
  await ctx.events.transaction(async (tx) => {
    const fresh = await recordPaymentEvent(tx, {
      provider: provider.name,
      eventId: event.eventId,
      type: event.type,
    });
    if (!fresh) return;
    const payment = await findEventPayment(tx, provider.name, event);
    if (!payment) return;
    if (event.status === 'failed') {
      const failed = await failPendingPayment(tx, payment.id);
      if (failed?.inviteLinkId) await releaseCoupon(tx, failed.inviteLinkId);
      return;
    }
    if (event.status === 'refunded') return refundedByProvider(ctx, tx, payment, event);
    if (event.status !== 'approved') return;
    const now = ctx.clock();
    await approvePayment(tx, payment.id, now, event.paymentIntentRef);
    approved = true;
    const membership = await applyApprovedPayment(tx, payment.id, now);
    if (!membership) return;
    const group = await findGroupName(tx, payment.studyGroupId);
    if (!group || !payment.userId) return;
    // The buyer hears of it (notifications/subscribers/payments.ts).
    await ctx.events.emit(tx, 'payment.approved', {
      paymentId: payment.id,
      groupId: group.id,
      groupName: group.name,
      userId: payment.userId,
    });
  });
  // Stripe's fee is often known once the checkout is paid; otherwise its charge's event brings it.
  if (approved)
    await settleFee(ctx, provider, event.paymentIntentRef).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'payment fee not read (the charge event will bring it)'),
    );
}
