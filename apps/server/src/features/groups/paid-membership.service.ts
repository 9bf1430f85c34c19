import { findMembership, type MembershipRow, membershipIsCurrent } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { addMonths } from '../../lib/add-months.ts';
import { claimApprovedPayment, setAccessEndsAt, upsertPaidMembership } from './membership.queries.ts';

// An approved payment becomes group access here, and only here: the join (groups/membership) and
// the provider's webhook (payments.service) both call `applyApprovedPayment`.

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
  now: Date,
): Promise<MembershipRow | null> {
  const payment = await claimApprovedPayment(tx, paymentId, now);
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

  const membership = await upsertPaidMembership(tx, {
    groupId: payment.studyGroupId,
    userId,
    now,
    expiresAt,
    current,
  });
  await setAccessEndsAt(tx, payment.id, expiresAt);
  return membership ?? null;
}
