import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { guardianApprovals, users } from '../../db/schema/index.ts';

// A guardian's approvals of a teen's paid groups (approvals.service.ts).

/** The teen's approval for the group still waiting or not used yet, if any. */
export async function findOpenApproval(db: Tx, teenId: string, groupId: string) {
  const [row] = await db
    .select()
    .from(guardianApprovals)
    .where(
      and(
        eq(guardianApprovals.teenId, teenId),
        eq(guardianApprovals.studyGroupId, groupId),
        inArray(guardianApprovals.status, ['pending', 'approved']),
      ),
    )
    .limit(1);
  return row;
}

/** A pending approval, or undefined when one is open already (the unique index keeps one). */
export async function insertPendingApproval(tx: Tx, teenId: string, groupId: string) {
  const [approval] = await tx
    .insert(guardianApprovals)
    .values({ teenId, studyGroupId: groupId, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return approval;
}

export async function findEmail(db: Tx, userId: string): Promise<string | undefined> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email;
}

/** The approval is spent by the payment it allowed. */
export async function markApprovalUsed(db: Tx, approvalId: string, now: Date): Promise<void> {
  await db
    .update(guardianApprovals)
    .set({ status: 'used', usedAt: now })
    .where(and(eq(guardianApprovals.id, approvalId), eq(guardianApprovals.status, 'approved')));
}
