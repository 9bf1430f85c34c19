import { GROUP_MESSAGES } from '@estudai/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupMemberships, groupPayments, studyGroups } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../posts/posts.queries.ts';

// Who may see a group's members-only content (posts, materials, videos, forum): its owner, and
// users with an active membership that has not expired. Every feature that serves such content
// asks here; nobody else decides.

export type GroupRow = typeof studyGroups.$inferSelect;
export type MembershipRow = typeof groupMemberships.$inferSelect;
export type PaymentRow = typeof groupPayments.$inferSelect;

/** An active membership row whose access is still valid now. */
export const membershipIsCurrent = (membership: MembershipRow | null | undefined, now = new Date()) =>
  membership?.status === 'active' && (membership.expiresAt === null || membership.expiresAt > now);

/** SQL: the membership row (aliased as `group_memberships`) gives access right now. */
export const currentMembershipSql = sql`(${groupMemberships.status} = 'active' and (${groupMemberships.expiresAt} is null or ${groupMemberships.expiresAt} > now()))`;

export interface GroupAccess {
  group: GroupRow;
  membership: MembershipRow | null;
  isOwner: boolean;
  /** Owner, or a current member: may read and write the members-only content. */
  canAccess: boolean;
}

export async function findGroup(db: Tx, groupId: string): Promise<GroupRow | null> {
  if (!isUuid(groupId)) return null;
  const [group] = await db.select().from(studyGroups).where(eq(studyGroups.id, groupId)).limit(1);
  return group ?? null;
}

export async function findMembership(db: Tx, groupId: string, userId: string): Promise<MembershipRow | null> {
  const [membership] = await db
    .select()
    .from(groupMemberships)
    .where(and(eq(groupMemberships.studyGroupId, groupId), eq(groupMemberships.userId, userId)))
    .limit(1);
  return membership ?? null;
}

/** The group and what `userId` may do in it; 404 'Grupo não encontrado' for an unknown id. */
export async function groupAccess(db: Tx, groupId: string, userId: string): Promise<GroupAccess> {
  const group = await findGroup(db, groupId);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  const isOwner = group.ownerId === userId;
  const membership = isOwner ? null : await findMembership(db, groupId, userId);
  return { group, membership, isOwner, canAccess: isOwner || membershipIsCurrent(membership) };
}

/**
 * Members-only content: the owner and current members pass; everyone else gets the same 404 as an
 * unknown group's content would (the group's public card stays readable through GET /study-groups/{id}).
 */
export async function requireGroupContentAccess(
  db: Tx,
  groupId: string,
  userId: string,
): Promise<GroupAccess> {
  const access = await groupAccess(db, groupId, userId);
  if (!access.canAccess) throw notFound(GROUP_MESSAGES.membersOnly);
  return access;
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

/** Adds `months` calendar months to `from` (31 Jan + 1 month → 28/29 Feb, as providers do). */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
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
  if (!payment) return null;

  const existing = await findMembership(tx, payment.studyGroupId, payment.userId);
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
      userId: payment.userId,
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
  return membership ?? null;
}
