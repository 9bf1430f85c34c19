import type { IncomingHttpHeaders } from 'node:http';
import {
  formatBrl,
  GROUP_ERROR_CODES,
  GROUP_MESSAGES,
  type Payment,
  type PaymentMethod,
  type Receipt,
  TEACHING_MESSAGES,
} from '@estudai/contract';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { countCurrentMembers, groupAccess, membershipIsCurrent } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { groupPayments, paymentEvents, studyGroups } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { applyApprovedPayment, findUnappliedPayment, type PaymentRow } from '../groups/index.ts';
import { deliver, notify } from '../notifications/index.ts';
import { gatePaidCheckout, markApprovalUsed } from './approvals.service.ts';
import { claimCoupon, discounted, releaseCoupon } from './coupons.service.ts';
import type { PaymentProvider, WebhookEvent } from './payment-provider.ts';
import { markRefunded } from './refunds.service.ts';

export function toPayment(row: PaymentRow, provider: PaymentProvider, checkoutUrl: string | null): Payment {
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
  const rows = await ctx.database.db
    .select({ payment: groupPayments, groupName: studyGroups.name })
    .from(groupPayments)
    .innerJoin(studyGroups, eq(studyGroups.id, groupPayments.studyGroupId))
    .where(and(eq(groupPayments.userId, viewer.id), inArray(groupPayments.status, ['approved', 'refunded'])))
    .orderBy(desc(groupPayments.approvedAt), desc(groupPayments.id));
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
  const coupon = inviteCode ? await claimCoupon(db, group.id, viewer.id, inviteCode) : null;
  const amount = discounted(group.price, coupon?.percent ?? null);
  const [payment] = await db
    .insert(groupPayments)
    .values({
      studyGroupId: group.id,
      userId: viewer.id,
      provider: provider.name,
      method,
      status: amount === 0 ? 'approved' : 'pending',
      approvedAt: amount === 0 ? new Date() : null,
      amount,
      couponPercent: coupon?.percent ?? null,
      inviteLinkId: coupon?.linkId ?? null,
      durationMonths: group.subscriptionDuration,
    })
    .returning();
  if (!payment) throw new Error('insert returned no payment');
  if (gate.approvalId) await markApprovalUsed(db, gate.approvalId);
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
      await db.update(groupPayments).set({ status: 'failed' }).where(eq(groupPayments.id, payment.id));
      if (coupon) await releaseCoupon(db, coupon.linkId);
      throw error;
    });
  const approved = checkout.status === 'approved';
  const [saved] = await db
    .update(groupPayments)
    .set({
      providerRef: checkout.providerRef,
      ...(approved ? { status: 'approved' as const, approvedAt: new Date() } : {}),
    })
    .where(eq(groupPayments.id, payment.id))
    .returning();
  return { kind: 'payment', payment: toPayment(saved ?? payment, provider, checkout.checkoutUrl) };
}

/** A refund made at the provider (ours, whose event comes after, or the Dashboard's): applied once. */
async function refundedByProvider(tx: Tx, payment: PaymentRow, event: WebhookEvent) {
  const refunded = await markRefunded(tx, payment.id, {
    refundRef: null,
    paymentIntentRef: event.paymentIntentRef ?? null,
    reason: null,
  });
  if (!refunded?.userId) return undefined;
  const [group] = await tx
    .select({ id: studyGroups.id, name: studyGroups.name })
    .from(studyGroups)
    .where(eq(studyGroups.id, payment.studyGroupId));
  if (!group) return undefined;
  return notify(tx, {
    userId: refunded.userId,
    type: 'study_group',
    title: TEACHING_MESSAGES.refundNotificationTitle,
    message: TEACHING_MESSAGES.refundNotification(group.name, formatBrl(refunded.amount)),
    actionUrl: `/study-groups/${group.id}`,
    dedupeKey: `refund:${payment.id}`,
  });
}

async function findEventPayment(tx: Tx, provider: PaymentProvider, event: WebhookEvent) {
  const matches: SQL[] = [eq(groupPayments.providerRef, event.providerRef)];
  if (event.paymentIntentRef) matches.push(eq(groupPayments.paymentIntentRef, event.paymentIntentRef));
  if (event.paymentId && isUuid(event.paymentId)) matches.push(eq(groupPayments.id, event.paymentId));
  const [payment] = await tx
    .select()
    .from(groupPayments)
    .where(and(eq(groupPayments.provider, provider.name), or(...matches)))
    .limit(1);
  return payment;
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
  const notification = await ctx.database.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, eventId: event.eventId, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh) return undefined;
    const payment = await findEventPayment(tx, provider, event);
    if (!payment) return undefined;
    if (event.status === 'failed') {
      const [failed] = await tx
        .update(groupPayments)
        .set({ status: 'failed' })
        .where(and(eq(groupPayments.id, payment.id), eq(groupPayments.status, 'pending')))
        .returning();
      if (failed?.inviteLinkId) await releaseCoupon(tx, failed.inviteLinkId);
      return undefined;
    }
    if (event.status === 'refunded') return refundedByProvider(tx, payment, event);
    if (event.status !== 'approved') return undefined;
    await tx
      .update(groupPayments)
      .set({
        status: 'approved',
        approvedAt: new Date(),
        ...(event.paymentIntentRef ? { paymentIntentRef: event.paymentIntentRef } : {}),
      })
      .where(and(eq(groupPayments.id, payment.id), inArray(groupPayments.status, ['pending', 'failed'])));
    const membership = await applyApprovedPayment(tx, payment.id);
    if (!membership) return undefined;
    const [group] = await tx
      .select({ id: studyGroups.id, name: studyGroups.name })
      .from(studyGroups)
      .where(eq(studyGroups.id, payment.studyGroupId));
    if (!group || !payment.userId) return undefined;
    return notify(tx, {
      userId: payment.userId,
      type: 'study_group',
      title: 'Pagamento aprovado!',
      message: `Bem-vindo ao grupo ${group.name}.`,
      actionUrl: `/study-groups/${group.id}`,
      dedupeKey: `payment:${payment.id}`,
    });
  });
  deliver(ctx, [notification]);
}
