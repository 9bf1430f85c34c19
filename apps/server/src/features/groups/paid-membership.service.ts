import { and, asc, eq, sql } from 'drizzle-orm';
import { findMembership, type MembershipRow, membershipIsCurrent } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { groupMemberships, groupPayments } from '../../db/schema/index.ts';
import { addMonths } from '../../lib/add-months.ts';

// An approved payment becomes group access here, and only here: the join (groups/membership) and
// the provider's webhook (payments.service) both call `applyApprovedPayment`.

export type PaymentRow = typeof groupPayments.$inferSelect;

/** The user's oldest approved payment for the group that has not opened access yet, if any. */
export async function findUnappliedPayment(
  db: Tx,
  groupId: string,
  userId: string,
): Promise<PaymentRow | null> {
  const [payment] = await db
    .select()
    .from(groupPayments)
    .where(
      and(
        eq(groupPayments.studyGroupId, groupId),
        eq(groupPayments.userId, userId),
        eq(groupPayments.status, 'approved'),
        sql`${groupPayments.appliedAt} is null`,
      ),
    )
    .orderBy(asc(groupPayments.approvedAt), asc(groupPayments.createdAt))
    .limit(1);
  return payment ?? null;
}

/**
 * Turns an approved payment into access, exactly once: the payment row is claimed with
 * `applied_at` (a second caller — a repeated webhook, a join racing it — finds it claimed and does
 * nothing), then the membership is opened or extended. A current membership is extended from its
 * end; a new, left or expired one starts now. Answers the membership, or null if already applied.
 * Call inside a transaction.
 */
export async function applyApprovedPayment(
  tx: Tx,
  paymentId: string,
  now = new Date(),
): Promise<MembershipRow | null> {
  const [payment] = await tx
    .update(groupPayments)
    .set({ appliedAt: now })
    .where(
      and(
        eq(groupPayments.id, paymentId),
        eq(groupPayments.status, 'approved'),
        sql`${groupPayments.appliedAt} is null`,
      ),
    )
    .returning();
  // An erased buyer's payment is only a tax record: there is nobody to give access to.
  if (!payment?.userId) return null;
  const userId = payment.userId;

  const existing = await findMembership(tx, payment.studyGroupId, userId);
  const current = membershipIsCurrent(existing, now);
  const start = current && existing?.expiresAt ? existing.expiresAt : now;
  const expiresAt =
    payment.durationMonths === null || (current && existing?.expiresAt === null)
      ? null
      : addMonths(start, payment.durationMonths);

  const [membership] = await tx
    .insert(groupMemberships)
    .values({
      studyGroupId: payment.studyGroupId,
      userId,
      status: 'active',
      joinedAt: now,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [groupMemberships.studyGroupId, groupMemberships.userId],
      set: {
        status: 'active',
        expiresAt,
        leftAt: null,
        archivedAt: null,
        ...(current ? {} : { joinedAt: now }),
      },
    })
    .returning();
  await tx.update(groupPayments).set({ accessEndsAt: expiresAt }).where(eq(groupPayments.id, payment.id));
  return membership ?? null;
}
