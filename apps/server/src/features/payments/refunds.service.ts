import { ErrorCode, formatBrl, TEACHING_ERROR_CODES, TEACHING_MESSAGES } from '@estudai/contract';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { groupMemberships, groupPayments } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { PaymentRow } from '../groups/index.ts';
import type { FetchLike, PaymentProvider } from './payment-provider.ts';
import { createPaymentProvider } from './payment-providers.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

// Giving a payment back (issue 24): the owner from 'Receitas', a removal before the end of the
// access, or the provider's own refund event (Stripe Dashboard). A refunded payment ends the access
// it bought, and is refunded once whoever asks first.

export type { FetchLike, PaymentProvider, PaymentRow };

/** The configured payment provider, for features that refund (teaching). */
export function paymentProviderFor(ctx: AppContext, fetchImpl?: FetchLike): PaymentProvider {
  return createPaymentProvider(ctx.config, fetchImpl);
}

export async function findGroupPayment(
  tx: Tx,
  groupId: string,
  paymentId: string,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(groupPayments)
    .where(and(eq(groupPayments.id, paymentId), eq(groupPayments.studyGroupId, groupId)))
    .limit(1);
  return row ?? null;
}

/** The member's newest approved payment that opened access to the group (what a removal refunds). */
export async function latestAppliedPayment(
  tx: Tx,
  groupId: string,
  userId: string,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(groupPayments)
    .where(
      and(
        eq(groupPayments.studyGroupId, groupId),
        eq(groupPayments.userId, userId),
        inArray(groupPayments.status, ['approved', 'refunded']),
        isNotNull(groupPayments.appliedAt),
      ),
    )
    .orderBy(desc(groupPayments.approvedAt), desc(groupPayments.createdAt))
    .limit(1);
  return row ?? null;
}

interface RefundMark {
  refundRef: string | null;
  paymentIntentRef: string | null;
  reason: string | null;
  now?: Date;
}

/**
 * Marks an approved payment refunded and ends the membership it paid for, in the caller's
 * transaction. Null when it was refunded already (a webhook after our own refund, a second click).
 */
export async function markRefunded(tx: Tx, paymentId: string, mark: RefundMark): Promise<PaymentRow | null> {
  const now = mark.now ?? new Date();
  const [row] = await tx
    .update(groupPayments)
    .set({
      status: 'refunded',
      refundedAt: now,
      refundRef: mark.refundRef,
      refundReason: mark.reason,
      ...(mark.paymentIntentRef ? { paymentIntentRef: mark.paymentIntentRef } : {}),
    })
    .where(and(eq(groupPayments.id, paymentId), eq(groupPayments.status, 'approved')))
    .returning();
  if (!row) return null;
  if (row.userId && row.appliedAt) {
    await tx
      .update(groupMemberships)
      .set({ status: 'left', leftAt: now })
      .where(
        and(
          eq(groupMemberships.studyGroupId, row.studyGroupId),
          eq(groupMemberships.userId, row.userId),
          eq(groupMemberships.status, 'active'),
        ),
      );
  }
  return row;
}

const alreadyRefunded = () =>
  conflict(TEACHING_MESSAGES.alreadyRefunded, TEACHING_ERROR_CODES.alreadyRefunded);

/**
 * Refunds one payment through the provider that took it, then records it. 409 when it was refunded
 * already or never approved; 503 (nothing recorded) when the provider does not answer.
 */
export async function refundPayment(
  ctx: AppContext,
  provider: PaymentProvider,
  payment: PaymentRow,
  reason: string | null,
): Promise<PaymentRow> {
  if (payment.status === 'refunded') throw alreadyRefunded();
  if (payment.status !== 'approved') throw conflict(TEACHING_MESSAGES.refundNotApproved);
  const result =
    payment.amount === 0
      ? { refundRef: null, paymentIntentRef: null }
      : await providerOf(provider, payment).refund(payment);
  const row = await ctx.database.db.transaction((tx) => markRefunded(tx, payment.id, { ...result, reason }));
  // Someone else's refund landed between our check and the update: the money went back once.
  if (!row) throw alreadyRefunded();
  return row;
}

/** A sandbox payment is refunded by the sandbox even when Stripe is configured now. */
function providerOf(provider: PaymentProvider, payment: PaymentRow): PaymentProvider {
  if (payment.provider === provider.name) return provider;
  if (payment.provider === 'sandbox') return createSandboxProvider();
  throw new AppError(503, ErrorCode.unavailable, TEACHING_MESSAGES.refundProviderMissing);
}

/** 'R$ 49,90' for the member's notification. */
export const refundAmountText = (payment: PaymentRow) => formatBrl(payment.amount);
