import { GROUP_ERROR_CODES, GROUP_MESSAGES, type Membership, type MembershipAction } from '@estudai/contract';
import {
  countCurrentMembers,
  findMembership,
  type GroupRow,
  groupAccess,
  lockGroup,
  type MembershipRow,
  membershipIsCurrent,
  requirePaidCapable,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { toMembership, toOwnerMembership } from './groups.present.ts';
import {
  findUnappliedPayment,
  hasAppliedPayment,
  updateMembershipRow,
  upsertMembership,
} from './membership.queries.ts';
import { applyApprovedPayment } from './paid-membership.service.ts';

const notMember = () => new AppError(404, GROUP_ERROR_CODES.notMember, GROUP_MESSAGES.notMember);

/** The viewer's membership of a group: the owner's is synthesised; none is null. */
export async function getMembership(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
): Promise<Membership | null> {
  const { group, membership, isOwner } = await groupAccess(ctx.database.db, groupId, viewer.id);
  if (isOwner) return toOwnerMembership(group);
  return membership ? toMembership(membership, ctx.clock()) : null;
}

export async function applyMembershipAction(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  action: MembershipAction,
): Promise<Membership> {
  switch (action) {
    case 'join':
      return join(ctx, viewer, groupId);
    case 'leave':
      return leave(ctx, viewer, groupId);
    case 'archive':
    case 'unarchive':
      return setArchived(ctx, viewer, groupId, action === 'archive');
    case 'mute':
    case 'unmute':
      return setMuted(ctx, viewer, groupId, action === 'mute');
  }
}

/** The viewer's oldest approved payment for the group that has not opened access yet, applied now. */
async function applyWaitingPayment(tx: Tx, groupId: string, userId: string, now: Date) {
  const payment = await findUnappliedPayment(tx, groupId, userId);
  return payment ? applyApprovedPayment(tx, payment.id, now) : null;
}

/** A current member asking again: a paid member whose payment already opened access gets it back. */
async function joinAgain(
  tx: Tx,
  group: GroupRow,
  existing: MembershipRow,
  now: Date,
): Promise<MembershipRow> {
  if (group.isPaid) {
    const renewed = await applyWaitingPayment(tx, group.id, existing.userId, now);
    if (renewed) return renewed;
    if (await hasAppliedPayment(tx, group.id, existing.userId)) return existing;
  }
  throw conflict(GROUP_MESSAGES.alreadyMember);
}

/**
 * Joins a free group at once, or a paid one with an approved payment. The group row stays locked
 * from the capacity check to the insert, so two people racing for the last seat cannot both get it.
 */
async function join(ctx: AppContext, viewer: SessionUser, groupId: string): Promise<Membership> {
  const now = ctx.clock();
  const membership = await ctx.events.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group) throw notFound(GROUP_MESSAGES.notFound);
    if (group.ownerId === viewer.id) throw conflict(GROUP_MESSAGES.alreadyMember);
    const existing = await findMembership(tx, group.id, viewer.id);
    if (existing && membershipIsCurrent(existing, now)) return joinAgain(tx, group, existing, now);
    if (!group.isActive) throw conflict(GROUP_MESSAGES.groupInactive, GROUP_ERROR_CODES.groupInactive);
    // 'modo protegido' (issue 25): no paid group, whatever payment there may be.
    if (group.isPaid) await requirePaidCapable(tx, viewer);
    if ((await countCurrentMembers(tx, group.id)) >= group.maxMembers) {
      throw conflict(GROUP_MESSAGES.groupFull, GROUP_ERROR_CODES.groupFull);
    }
    const joined = group.isPaid
      ? await joinPaid(tx, group, viewer.id, now)
      : await joinFree(tx, group, viewer.id, now);
    // The owner hears of it (notifications/subscribers/groups.ts).
    await ctx.events.emit(tx, 'group.memberJoined', {
      groupId: group.id,
      groupName: group.name,
      ownerId: group.ownerId,
      memberId: viewer.id,
      memberName: viewer.displayName,
    });
    return joined;
  });
  return toMembership(membership, now);
}

/** A new membership, or the same row reactivated after leaving or expiring. */
async function joinFree(tx: Tx, group: GroupRow, userId: string, now: Date): Promise<MembershipRow> {
  // A member removed by the owner may come back to a free group: the removal is history then.
  const fresh = {
    status: 'active' as const,
    joinedAt: now,
    expiresAt: null,
    leftAt: null,
    archivedAt: null,
    removedAt: null,
    removedBy: null,
    removalReason: null,
  };
  return upsertMembership(tx, group.id, userId, fresh);
}

/** Only a payment the provider approved opens a paid group; whatever the client says. */
async function joinPaid(tx: Tx, group: GroupRow, userId: string, now: Date): Promise<MembershipRow> {
  const applied = await applyWaitingPayment(tx, group.id, userId, now);
  if (applied) return applied;
  // The webhook may have applied the same payment a moment ago: its membership is then current.
  const meanwhile = await findMembership(tx, group.id, userId);
  if (meanwhile && membershipIsCurrent(meanwhile, now)) return meanwhile;
  throw new AppError(402, GROUP_ERROR_CODES.paymentRequired, GROUP_MESSAGES.paymentRequired);
}

async function leave(ctx: AppContext, viewer: SessionUser, groupId: string): Promise<Membership> {
  const { db } = ctx.database;
  const { membership, isOwner } = await groupAccess(db, groupId, viewer.id);
  if (isOwner) throw conflict(GROUP_MESSAGES.ownerCannotLeave, GROUP_ERROR_CODES.ownerCannotLeave);
  if (membership?.status !== 'active') throw notMember();
  const now = ctx.clock();
  const row = await updateMembershipRow(db, membership.id, { status: 'left', leftAt: now, archivedAt: null });
  if (!row) throw notMember();
  return toMembership(row, now);
}

/** Muting keeps access and only stops the group's news notifications (notifications/subscribers/groups.ts). */
async function setMuted(ctx: AppContext, viewer: SessionUser, groupId: string, muted: boolean) {
  const { db } = ctx.database;
  const { membership } = await groupAccess(db, groupId, viewer.id);
  if (!membership || !membershipIsCurrent(membership)) throw notMember();
  const now = ctx.clock();
  const row = await updateMembershipRow(db, membership.id, {
    mutedAt: muted ? (membership.mutedAt ?? now) : null,
  });
  if (!row) throw notMember();
  return toMembership(row, now);
}

/** Archiving only moves the group between 'Meus Grupos' and 'Arquivados'; access stays. */
async function setArchived(ctx: AppContext, viewer: SessionUser, groupId: string, archived: boolean) {
  const { db } = ctx.database;
  const { membership } = await groupAccess(db, groupId, viewer.id);
  if (!membership || !membershipIsCurrent(membership)) throw notMember();
  const now = ctx.clock();
  const row = await updateMembershipRow(db, membership.id, {
    archivedAt: archived ? (membership.archivedAt ?? now) : null,
  });
  if (!row) throw notMember();
  return toMembership(row, now);
}
