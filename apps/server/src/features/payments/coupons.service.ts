import { TEACHING_ERROR_CODES, TEACHING_MESSAGES } from '@estudai/contract';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import {
  findInviteLink,
  hasPaidBefore,
  hasUsedLink,
  type InviteLinkRow,
  takeCouponUse,
} from './coupons.queries.ts';

// An invite link's coupon: a percent off the first payment for a paid group, with an optional limit
// of uses. The payment asks here when it starts (payments.service `createPayment`).

export const inviteGone = () =>
  new AppError(410, TEACHING_ERROR_CODES.inviteGone, TEACHING_MESSAGES.inviteGone);

/** Not revoked, not expired, and a use left (someone who already used it may come back). */
export function linkIsOpen(link: InviteLinkRow, now: Date, alreadyUsed: boolean): boolean {
  if (link.revokedAt || (link.expiresAt && link.expiresAt <= now)) return false;
  return alreadyUsed || link.maxUses === null || link.usesCount < link.maxUses;
}

export const couponLeft = (link: InviteLinkRow) =>
  link.couponPercent !== null && (link.couponMaxUses === null || link.couponUsesCount < link.couponMaxUses);

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
  now: Date,
): Promise<ClaimedCoupon | null> {
  const link = await findInviteLink(db, code);
  if (!link || link.studyGroupId !== groupId) throw inviteGone();
  if (!linkIsOpen(link, now, await hasUsedLink(db, link.id, userId))) throw inviteGone();
  if (link.couponPercent === null || (await hasPaidBefore(db, groupId, userId))) return null;
  const percent = await takeCouponUse(db, link.id);
  if (!percent) throw conflict(TEACHING_MESSAGES.couponUsedUp);
  return { linkId: link.id, percent };
}

/** The first payment's amount with `percent` off, in whole cents. */
export const discounted = (price: number, percent: number | null) =>
  percent ? Math.round((price * (100 - percent)) / 100) : price;
