import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupInviteLinks, groupInviteUses, groupPayments } from '../../db/schema/index.ts';

// Invite links and their coupons (coupons.service.ts), and whether someone paid for a group before.

export type InviteLinkRow = typeof groupInviteLinks.$inferSelect;

export async function findInviteLink(db: Tx, code: string): Promise<InviteLinkRow | null> {
  if (code.length > 64) return null;
  const [row] = await db.select().from(groupInviteLinks).where(eq(groupInviteLinks.code, code)).limit(1);
  return row ?? null;
}

export async function hasUsedLink(db: Tx, linkId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ linkId: groupInviteUses.linkId })
    .from(groupInviteUses)
    .where(and(eq(groupInviteUses.linkId, linkId), eq(groupInviteUses.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** Whether the user ever had an approved (or since refunded) payment for the group. */
export async function hasPaidBefore(db: Tx, groupId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groupPayments.id })
    .from(groupPayments)
    .where(
      and(
        eq(groupPayments.studyGroupId, groupId),
        eq(groupPayments.userId, userId),
        inArray(groupPayments.status, ['approved', 'refunded']),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** One more use of the link's coupon, unless none is left: the coupon's percent, or undefined. */
export async function takeCouponUse(db: Tx, linkId: string): Promise<number | null | undefined> {
  const [claimed] = await db
    .update(groupInviteLinks)
    .set({ couponUsesCount: sql`${groupInviteLinks.couponUsesCount} + 1` })
    .where(
      and(
        eq(groupInviteLinks.id, linkId),
        sql`(${groupInviteLinks.couponMaxUses} is null or ${groupInviteLinks.couponUsesCount} < ${groupInviteLinks.couponMaxUses})`,
      ),
    )
    .returning({ percent: groupInviteLinks.couponPercent });
  return claimed?.percent;
}

/** A payment that failed gives its coupon use back. */
export async function releaseCoupon(db: Tx, linkId: string): Promise<void> {
  await db
    .update(groupInviteLinks)
    .set({ couponUsesCount: sql`greatest(${groupInviteLinks.couponUsesCount} - 1, 0)` })
    .where(eq(groupInviteLinks.id, linkId));
}
