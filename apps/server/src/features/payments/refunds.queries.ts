import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupMemberships, groupPayments } from '../../db/schema/index.ts';
import type { PaymentRow } from '../groups/index.ts';

// The payments a refund looks for, and its writes (refunds.service.ts).

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

/** An approved payment marked refunded: the row, or undefined when it was not approved (any more). */
export async function markPaymentRefunded(
  tx: Tx,
  paymentId: string,
  refund: { now: Date; refundRef: string | null; reason: string | null; paymentIntentRef: string | null },
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(groupPayments)
    .set({
      status: 'refunded',
      refundedAt: refund.now,
      refundRef: refund.refundRef,
      refundReason: refund.reason,
      ...(refund.paymentIntentRef ? { paymentIntentRef: refund.paymentIntentRef } : {}),
    })
    .where(and(eq(groupPayments.id, paymentId), eq(groupPayments.status, 'approved')))
    .returning();
  return row;
}

/** The user's active membership of the group ends (left) at `now`. */
export async function endActiveMembership(tx: Tx, groupId: string, userId: string, now: Date): Promise<void> {
  await tx
    .update(groupMemberships)
    .set({ status: 'left', leftAt: now })
    .where(
      and(
        eq(groupMemberships.studyGroupId, groupId),
        eq(groupMemberships.userId, userId),
        eq(groupMemberships.status, 'active'),
      ),
    );
}
