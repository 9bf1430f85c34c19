import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { MembershipRow } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { groupMemberships, groupPayments } from '../../db/schema/index.ts';

// The membership rows' writes and the payments that open paid groups (membership.service.ts,
// paid-membership.service.ts).

export type PaymentRow = typeof groupPayments.$inferSelect;

/** Whether an approved payment of the user already opened access to the group. */
export async function hasAppliedPayment(tx: Tx, groupId: string, userId: string): Promise<boolean> {
  const [payment] = await tx
    .select({ id: groupPayments.id })
    .from(groupPayments)
    .where(
      and(
        eq(groupPayments.studyGroupId, groupId),
        eq(groupPayments.userId, userId),
        eq(groupPayments.status, 'approved'),
        isNotNull(groupPayments.appliedAt),
      ),
    )
    .limit(1);
  return Boolean(payment);
}

/** The user's membership row of the group, new or overwritten with `fresh`. */
export async function upsertMembership(
  tx: Tx,
  groupId: string,
  userId: string,
  fresh: Omit<typeof groupMemberships.$inferInsert, 'studyGroupId' | 'userId'>,
): Promise<MembershipRow> {
  const [row] = await tx
    .insert(groupMemberships)
    .values({ studyGroupId: groupId, userId, ...fresh })
    .onConflictDoUpdate({ target: [groupMemberships.studyGroupId, groupMemberships.userId], set: fresh })
    .returning();
  if (!row) throw new Error('the membership was not written');
  return row;
}

export async function updateMembershipRow(
  db: Tx,
  membershipId: string,
  changes: Partial<typeof groupMemberships.$inferInsert>,
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .update(groupMemberships)
    .set(changes)
    .where(eq(groupMemberships.id, membershipId))
    .returning();
  return row;
}

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
 * Claims an approved payment not applied yet (`applied_at`): a second caller finds it claimed and
 * gets undefined.
 */
export async function claimApprovedPayment(
  tx: Tx,
  paymentId: string,
  now: Date,
): Promise<PaymentRow | undefined> {
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
  return payment;
}

/**
 * Opens (`joinedAt` given: new, left or expired) or extends a paid membership until `expiresAt`.
 */
export async function upsertPaidMembership(
  tx: Tx,
  membership: { groupId: string; userId: string; now: Date; expiresAt: Date | null; current: boolean },
): Promise<MembershipRow | undefined> {
  const { groupId, userId, now, expiresAt, current } = membership;
  const [row] = await tx
    .insert(groupMemberships)
    .values({
      studyGroupId: groupId,
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
  return row;
}

export async function setAccessEndsAt(tx: Tx, paymentId: string, accessEndsAt: Date | null): Promise<void> {
  await tx.update(groupPayments).set({ accessEndsAt }).where(eq(groupPayments.id, paymentId));
}
