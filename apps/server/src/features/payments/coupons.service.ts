import { TEACHING_ERROR_CODES, TEACHING_MESSAGES } from '@estudai/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupInviteLinks, groupInviteUses, groupPayments } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/errors.ts';

// An invite link's coupon: a percent off the first payment for a paid group, with an optional limit
// of uses. The payment asks here when it starts (payments.service `createPayment`).

export type InviteLinkRow = typeof groupInviteLinks.$inferSelect;

export const inviteGone = () =>
  new AppError(410, TEACHING_ERROR_CODES.inviteGone, TEACHING_MESSAGES.inviteGone);

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

/** Not revoked, not expired, and a use left (someone who already used it may come back). */
export function linkIsOpen(link: InviteLinkRow, now: Date, alreadyUsed: boolean): boolean {
  if (link.revokedAt || (link.expiresAt && link.expiresAt <= now)) return false;
  return alreadyUsed || link.maxUses === null || link.usesCount < link.maxUses;
}

export const couponLeft = (link: InviteLinkRow) =>
  link.couponPercent !== null && (link.couponMaxUses === null || link.couponUsesCount < link.couponMaxUses);

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

export interface ClaimedCoupon {
  linkId: string;
  percent: number;
}

/**
 * Takes one use of the link's coupon for the user's first payment. Null when the link has no coupon
 * or this is not a first payment; 410 for a link that is gone; 409 when its coupon ran out.
 */
export async function claimCoupon(
  db: Tx,
  groupId: string,
  userId: string,
  code: string,
  now = new Date(),
): Promise<ClaimedCoupon | null> {
  const link = await findInviteLink(db, code);
  if (!link || link.studyGroupId !== groupId) throw inviteGone();
  if (!linkIsOpen(link, now, await hasUsedLink(db, link.id, userId))) throw inviteGone();
  if (link.couponPercent === null || (await hasPaidBefore(db, groupId, userId))) return null;
  const [claimed] = await db
    .update(groupInviteLinks)
    .set({ couponUsesCount: sql`${groupInviteLinks.couponUsesCount} + 1` })
    .where(
      and(
        eq(groupInviteLinks.id, link.id),
        sql`(${groupInviteLinks.couponMaxUses} is null or ${groupInviteLinks.couponUsesCount} < ${groupInviteLinks.couponMaxUses})`,
      ),
    )
    .returning({ percent: groupInviteLinks.couponPercent });
  if (!claimed?.percent) throw conflict(TEACHING_MESSAGES.couponUsedUp);
  return { linkId: link.id, percent: claimed.percent };
}

/** A payment that failed gives its coupon use back. */
export async function releaseCoupon(db: Tx, linkId: string): Promise<void> {
  await db
    .update(groupInviteLinks)
    .set({ couponUsesCount: sql`greatest(${groupInviteLinks.couponUsesCount} - 1, 0)` })
    .where(eq(groupInviteLinks.id, linkId));
}

/** The first payment's amount with `percent` off, in whole cents. */
export const discounted = (price: number, percent: number | null) =>
  percent ? Math.round((price * (100 - percent)) / 100) : price;
