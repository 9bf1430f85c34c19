import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { currentMembershipSql } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import {
  essayReviews,
  essays,
  groupMemberships,
  groupPayments,
  studyGroups,
  users,
} from '../../db/schema/index.ts';

// 'Receitas' (earnings.service.ts): a group's money per Brasília month, its paying members, its
// renewals due, its settled payments, its teachers' essay corrections.

const monthOf = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'America/Sao_Paulo', 'YYYY-MM')`;

/** Approved (or since refunded) payments of the group. */
const settled = (groupId: string) =>
  and(eq(groupPayments.studyGroupId, groupId), inArray(groupPayments.status, ['approved', 'refunded']));

/** Payments settled per month of approval: count and amount. */
export function paidByMonth(db: Tx, groupId: string) {
  const paidMonth = monthOf(groupPayments.approvedAt);
  return db
    .select({
      month: paidMonth,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${groupPayments.amount}), 0)::int`,
      /** The provider keeps its fee of a payment refunded later too (as Stripe does). */
      fees: sql<number>`coalesce(sum(${groupPayments.feeAmount}), 0)::int`,
    })
    .from(groupPayments)
    .where(settled(groupId))
    .groupBy(paidMonth);
}

/**
 * All the groups `ownerId` owns, in the months from `since` (Brasília): how many groups had a
 * settled payment, and their gross, fees and refunds together ('Todos os seus grupos', issue 36).
 */
export async function ownerTotals(db: Tx, ownerId: string, since: string) {
  const [row] = await db
    .select({
      groupsCount: sql<number>`count(distinct ${groupPayments.studyGroupId})::int`,
      grossAmount: sql<number>`coalesce(sum(${groupPayments.amount}), 0)::int`,
      feeAmount: sql<number>`coalesce(sum(${groupPayments.feeAmount}), 0)::int`,
      refundedAmount: sql<number>`coalesce(sum(${groupPayments.amount}) filter (where ${groupPayments.status} = 'refunded'), 0)::int`,
    })
    .from(groupPayments)
    .innerJoin(studyGroups, eq(studyGroups.id, groupPayments.studyGroupId))
    .where(
      and(
        eq(studyGroups.ownerId, ownerId),
        inArray(groupPayments.status, ['approved', 'refunded']),
        gte(monthOf(groupPayments.approvedAt), since),
      ),
    );
  return row ?? { groupsCount: 0, grossAmount: 0, feeAmount: 0, refundedAmount: 0 };
}

/** Payments refunded per month of refund: count and amount. */
export function refundedByMonth(db: Tx, groupId: string) {
  const refundMonth = monthOf(groupPayments.refundedAt);
  return db
    .select({
      month: refundMonth,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${groupPayments.amount}), 0)::int`,
    })
    .from(groupPayments)
    .where(and(eq(groupPayments.studyGroupId, groupId), eq(groupPayments.status, 'refunded')))
    .groupBy(refundMonth);
}

/** A member of the group (the membership row) with an approved payment for it. */
const payingMember = (groupId: string) =>
  sql`exists (select 1 from ${groupPayments} where ${groupPayments.studyGroupId} = ${groupId}
    and ${groupPayments.userId} = ${groupMemberships.userId} and ${groupPayments.status} = 'approved')`;

export async function countActivePaidMembers(db: Tx, groupId: string): Promise<number> {
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.studyGroupId, groupId), currentMembershipSql, payingMember(groupId)));
  return active?.n ?? 0;
}

/** Paying members whose access ends after `now` and by `until`, the soonest first. */
export function renewalsDue(db: Tx, groupId: string, now: Date, until: Date) {
  return db
    .select({ userId: users.id, displayName: users.displayName, expiresAt: groupMemberships.expiresAt })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .where(
      and(
        eq(groupMemberships.studyGroupId, groupId),
        eq(groupMemberships.status, 'active'),
        gt(groupMemberships.expiresAt, now),
        lte(groupMemberships.expiresAt, until),
        payingMember(groupId),
      ),
    )
    .orderBy(asc(groupMemberships.expiresAt));
}

/** The group's settled payments with their buyers' names, the latest first. */
export function settledPayments(db: Tx, groupId: string, limit: number) {
  return db
    .select({ payment: groupPayments, displayName: users.displayName })
    .from(groupPayments)
    .leftJoin(users, eq(users.id, groupPayments.userId))
    .where(settled(groupId))
    .orderBy(desc(groupPayments.approvedAt), desc(groupPayments.id))
    .limit(limit);
}

/** Essay corrections the group's teachers sent (issue 38), per Brasília month of sending. */
export function correctionsByMonth(db: Tx, groupId: string) {
  const doneMonth = monthOf(essayReviews.doneAt);
  return db
    .select({ month: doneMonth, count: sql<number>`count(*)::int` })
    .from(essayReviews)
    .innerJoin(essays, eq(essays.id, essayReviews.essayId))
    .where(
      and(eq(essays.groupId, groupId), eq(essayReviews.kind, 'regular'), eq(essayReviews.status, 'done')),
    )
    .groupBy(doneMonth);
}
