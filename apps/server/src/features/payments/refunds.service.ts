import { ErrorCode, TEACHING_ERROR_CODES, TEACHING_MESSAGES } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { PaymentRow } from '../groups/index.ts';
import type { FetchLike, PaymentProvider } from './payment-provider.ts';
import { createPaymentProvider } from './payment-providers.ts';
import { endActiveMembership, markPaymentRefunded } from './refunds.queries.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

// Giving a payment back (issue 24): the owner from 'Receitas', a removal before the end of the
// access, or the provider's own refund event (Stripe Dashboard). A refunded payment ends the access
// it bought, and is refunded once whoever asks first.

export type { FetchLike, PaymentProvider, PaymentRow };

/** The configured payment provider, for features that refund (teaching). */
export function paymentProviderFor(ctx: AppContext, fetchImpl?: FetchLike): PaymentProvider {
  return createPaymentProvider(ctx.config, fetchImpl);
}

interface RefundMark {
  refundRef: string | null;
  paymentIntentRef: string | null;
  reason: string | null;
  now: Date;
}

/**
 * Marks an approved payment refunded and ends the membership it paid for, in the caller's
 * transaction. Null when it was refunded already (a webhook after our own refund, a second click).
 */
export async function markRefunded(tx: Tx, paymentId: string, mark: RefundMark): Promise<PaymentRow | null> {
  const row = await markPaymentRefunded(tx, paymentId, mark);
  if (!row) return null;
  if (row.userId && row.appliedAt) await endActiveMembership(tx, row.studyGroupId, row.userId, mark.now);
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
  const now = ctx.clock();
  const row = await ctx.database.db.transaction((tx) =>
    markRefunded(tx, payment.id, { ...result, reason, now }),
  );
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
