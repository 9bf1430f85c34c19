import { type Earnings, type Payment, RENEWALS_WINDOW_DAYS, TEACHING_MESSAGES } from '@estudai/contract';
import { requireGroupOwner } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findGroupPayment, type PaymentProvider, refundPayment } from '../payments/index.ts';
import {
  correctionsByMonth,
  countActivePaidMembers,
  ownerTotals,
  paidByMonth,
  refundedByMonth,
  renewalsDue,
  settledPayments,
} from './earnings.queries.ts';

// 'Receitas' (issue 24), for the owner only: money per month (Brasília), paying members, renewals
// due, refunds, and the essay corrections its teachers sent (issue 38). Members never see anyone else's payments (their own are at GET /api/payments/mine).

const MONTHS = 12;
const PAYMENTS_SHOWN = 100;

/** The last `count` months 'YYYY-MM' in Brasília, oldest first. */
function lastMonths(now: Date, count: number): string[] {
  const [year, month] = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

export async function getEarnings(ctx: AppContext, viewer: SessionUser, groupId: string): Promise<Earnings> {
  const { db } = ctx.database;
  const { group } = await requireGroupOwner(db, groupId, viewer.id);
  const now = ctx.clock();
  const paid = await paidByMonth(db, group.id);
  const refunded = await refundedByMonth(db, group.id);
  const corrections = await correctionsByMonth(db, group.id);
  const shown = lastMonths(now, MONTHS);
  const months = shown.map((month) => {
    const p = paid.find((row) => row.month === month);
    const r = refunded.find((row) => row.month === month);
    return {
      month,
      paymentsCount: p?.count ?? 0,
      grossAmount: p?.amount ?? 0,
      feeAmount: p?.fees ?? 0,
      refundsCount: r?.count ?? 0,
      refundedAmount: r?.amount ?? 0,
      correctionsCount: corrections.find((row) => row.month === month)?.count ?? 0,
    };
  });
  // The totals are those of the months shown, as the page labels them ('12 meses').
  const sum = (key: 'grossAmount' | 'feeAmount' | 'refundedAmount' | 'correctionsCount') =>
    months.reduce((total, month) => total + month[key], 0);
  const grossAmount = sum('grossAmount');
  const feeAmount = sum('feeAmount');
  const refundedAmount = sum('refundedAmount');
  const all = await ownerTotals(db, viewer.id, shown[0] ?? '');

  const activePaidMembers = await countActivePaidMembers(db, group.id);
  const until = new Date(now.getTime() + RENEWALS_WINDOW_DAYS * 86_400_000);
  const renewals = await renewalsDue(db, group.id, now, until);
  const rows = await settledPayments(db, group.id, PAYMENTS_SHOWN);
  return {
    currency: 'BRL',
    months,
    totals: {
      grossAmount,
      feeAmount,
      refundedAmount,
      netAmount: grossAmount - feeAmount - refundedAmount,
      correctionsCount: sum('correctionsCount'),
    },
    allGroups: { ...all, netAmount: all.grossAmount - all.feeAmount - all.refundedAmount },
    activePaidMembers,
    renewalsDue: renewals.map((row) => ({
      userId: row.userId,
      displayName: row.displayName,
      accessEndsAt: (row.expiresAt ?? now).toISOString(),
    })),
    refunds: rows
      .filter(({ payment }) => payment.status === 'refunded' && payment.refundedAt)
      .map(({ payment, displayName }) => ({
        paymentId: payment.id,
        userId: payment.userId,
        displayName,
        amount: payment.amount,
        refundedAt: (payment.refundedAt ?? now).toISOString(),
        reason: payment.refundReason,
      })),
    payments: rows.map(({ payment, displayName }) => ({
      id: payment.id,
      userId: payment.userId,
      displayName,
      amount: payment.amount,
      couponPercent: payment.couponPercent,
      status: payment.status === 'refunded' ? ('refunded' as const) : ('approved' as const),
      paidAt: (payment.approvedAt ?? payment.createdAt).toISOString(),
      refundedAt: payment.refundedAt?.toISOString() ?? null,
    })),
  };
}

/** The owner gives a payment back ('Reembolsar'): 409 if already refunded; the buyer is told. */
export async function refundGroupPayment(
  ctx: AppContext,
  provider: PaymentProvider,
  viewer: SessionUser,
  groupId: string,
  paymentId: string,
  reason: string | undefined,
): Promise<Payment> {
  const { db } = ctx.database;
  const { group } = await requireGroupOwner(db, groupId, viewer.id);
  const payment = isUuid(paymentId) ? await findGroupPayment(db, group.id, paymentId) : null;
  if (!payment) throw notFound('Pagamento não encontrado');
  const row = await refundPayment(ctx, provider, payment, reason || TEACHING_MESSAGES.refundReasonDefault);
  const buyerId = row.userId;
  // The buyer hears of it (notifications/subscribers/teaching.ts).
  if (buyerId)
    await ctx.events.transaction((tx) =>
      ctx.events.emit(tx, 'teaching.paymentRefunded', {
        paymentId: row.id,
        groupId: group.id,
        groupName: group.name,
        userId: buyerId,
        refundedBy: viewer.id,
        amount: row.amount,
      }),
    );
  return {
    id: row.id,
    studyGroupId: row.studyGroupId,
    provider: row.provider,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    testMode: row.provider === 'sandbox' || provider.testMode,
    checkoutUrl: null,
    createdAt: row.createdAt.toISOString(),
  };
}
