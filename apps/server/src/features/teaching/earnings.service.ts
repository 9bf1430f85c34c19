import {
  type Earnings,
  formatBrl,
  type Payment,
  RENEWALS_WINDOW_DAYS,
  TEACHING_MESSAGES,
} from '@estudai/contract';
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { currentMembershipSql, requireGroupOwner } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { groupMemberships, groupPayments, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { deliver, notify } from '../notifications/index.ts';
import { findGroupPayment, type PaymentProvider, refundPayment } from '../payments/index.ts';

// 'Receitas' (issue 24), for the owner only: money per month (Brasília), paying members, renewals
// due, refunds. Members never see anyone else's payments (their own are at GET /api/payments/mine).

const MONTHS = 12;
const PAYMENTS_SHOWN = 100;
const monthOf = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'America/Sao_Paulo', 'YYYY-MM')`;

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
  const settled = and(
    eq(groupPayments.studyGroupId, group.id),
    inArray(groupPayments.status, ['approved', 'refunded']),
  );
  const paidMonth = monthOf(groupPayments.approvedAt);
  const paid = await db
    .select({
      month: paidMonth,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${groupPayments.amount}), 0)::int`,
    })
    .from(groupPayments)
    .where(settled)
    .groupBy(paidMonth);
  const refundMonth = monthOf(groupPayments.refundedAt);
  const refunded = await db
    .select({
      month: refundMonth,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${groupPayments.amount}), 0)::int`,
    })
    .from(groupPayments)
    .where(and(eq(groupPayments.studyGroupId, group.id), eq(groupPayments.status, 'refunded')))
    .groupBy(refundMonth);
  const months = lastMonths(now, MONTHS).map((month) => {
    const p = paid.find((row) => row.month === month);
    const r = refunded.find((row) => row.month === month);
    return {
      month,
      paymentsCount: p?.count ?? 0,
      grossAmount: p?.amount ?? 0,
      refundsCount: r?.count ?? 0,
      refundedAmount: r?.amount ?? 0,
    };
  });
  const grossAmount = paid.reduce((sum, row) => sum + row.amount, 0);
  const refundedAmount = refunded.reduce((sum, row) => sum + row.amount, 0);

  const payingMember = sql`exists (select 1 from ${groupPayments} where ${groupPayments.studyGroupId} = ${group.id}
    and ${groupPayments.userId} = ${groupMemberships.userId} and ${groupPayments.status} = 'approved')`;
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.studyGroupId, group.id), currentMembershipSql, payingMember));
  const until = new Date(now.getTime() + RENEWALS_WINDOW_DAYS * 86_400_000);
  const renewals = await db
    .select({ userId: users.id, displayName: users.displayName, expiresAt: groupMemberships.expiresAt })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .where(
      and(
        eq(groupMemberships.studyGroupId, group.id),
        eq(groupMemberships.status, 'active'),
        gt(groupMemberships.expiresAt, now),
        lte(groupMemberships.expiresAt, until),
        payingMember,
      ),
    )
    .orderBy(asc(groupMemberships.expiresAt));
  const rows = await db
    .select({ payment: groupPayments, displayName: users.displayName })
    .from(groupPayments)
    .leftJoin(users, eq(users.id, groupPayments.userId))
    .where(settled)
    .orderBy(desc(groupPayments.approvedAt), desc(groupPayments.id))
    .limit(PAYMENTS_SHOWN);
  return {
    currency: 'BRL',
    months,
    totals: { grossAmount, refundedAmount, netAmount: grossAmount - refundedAmount },
    activePaidMembers: active?.n ?? 0,
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
  if (row.userId) {
    const notification = await notify(db, {
      userId: row.userId,
      actorId: viewer.id,
      type: 'study_group',
      title: TEACHING_MESSAGES.refundNotificationTitle,
      message: TEACHING_MESSAGES.refundNotification(group.name, formatBrl(row.amount)),
      actionUrl: `/study-groups/${group.id}`,
      dedupeKey: `refund:${row.id}`,
    });
    deliver(ctx, [notification]);
  }
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
