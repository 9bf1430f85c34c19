import {
  type GroupMember,
  type RemoveMemberResult,
  TEACHING_ERROR_CODES,
  TEACHING_MESSAGES,
} from '@estudai/contract';
import { findMembership, membershipIsCurrent, requireGroupManager } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { latestAppliedPayment, type PaymentProvider, refundPayment } from '../payments/index.ts';
import { type MemberRow, markMemberRemoved, selectMembers } from './members.queries.ts';

// 'Membros' (issue 24): the owner and co-teachers see who is in the group, export it, and remove
// someone with a reason — a paying member removed before the end of their access gets the refund.

const CSV_BATCH = 500;

const toGroupMember = (row: MemberRow): GroupMember => ({
  userId: row.userId,
  username: row.username,
  displayName: row.displayName,
  avatar: row.avatar,
  joinedAt: row.joinedAt.toISOString(),
  accessEndsAt: row.isPaying ? (row.expiresAt?.toISOString() ?? null) : null,
  isPaying: row.isPaying,
  lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  answersCount: row.answersCount,
  simuladosCount: row.simuladosCount,
});

export async function listMembers(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  query: { q: string; page: number; limit: number },
) {
  const { db } = ctx.database;
  const { group } = await requireGroupManager(db, groupId, viewer.id);
  const rows = await selectMembers(db, group.id, {
    q: query.q,
    limit: query.limit + 1,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.slice(0, query.limit).map(toGroupMember), hasMore: rows.length > query.limit };
}

/** Every matching member, in batches, for the CSV export (the permission is checked first). */
export async function membersForExport(ctx: AppContext, viewer: SessionUser, groupId: string, q: string) {
  const { db } = ctx.database;
  const { group } = await requireGroupManager(db, groupId, viewer.id);
  async function* batches() {
    for (let offset = 0; ; offset += CSV_BATCH) {
      const rows = await selectMembers(db, group.id, { q, limit: CSV_BATCH, offset });
      yield rows.map(toGroupMember);
      if (rows.length < CSV_BATCH) return;
    }
  }
  return { group, batches };
}

/**
 * Removes a member: a paying member whose access has not ended is refunded first (through the
 * provider; if it fails nothing changes and the call answers 503), then the membership ends and
 * the member is told why. Access checks read the membership on every request, so the next one is
 * refused on any server process.
 */
export async function removeMember(
  ctx: AppContext,
  provider: PaymentProvider,
  viewer: SessionUser,
  groupId: string,
  userId: string,
  reason: string,
): Promise<RemoveMemberResult> {
  const { db } = ctx.database;
  const { group } = await requireGroupManager(db, groupId, viewer.id);
  if (userId === group.ownerId) {
    throw conflict(TEACHING_MESSAGES.ownerNotRemovable, TEACHING_ERROR_CODES.ownerNotRemovable);
  }
  const membership = isUuid(userId) ? await findMembership(db, group.id, userId) : null;
  const now = ctx.clock();
  if (!membership || !membershipIsCurrent(membership, now)) throw notFound(TEACHING_MESSAGES.memberNotFound);

  const payment = await latestAppliedPayment(db, group.id, userId);
  const refunded =
    payment?.status === 'approved' ? await refundPayment(ctx, provider, payment, reason) : null;

  await ctx.events.transaction(async (tx) => {
    await markMemberRemoved(tx, membership.id, { now, removedBy: viewer.id, reason });
    // The member is told why (notifications/subscribers/teaching.ts).
    await ctx.events.emit(tx, 'teaching.memberRemoved', {
      groupId: group.id,
      groupName: group.name,
      userId,
      removedBy: viewer.id,
      reason,
      refundAmount: refunded ? refunded.amount : null,
    });
  });
  return { userId, refunded: Boolean(refunded), refundAmount: refunded?.amount ?? null };
}
