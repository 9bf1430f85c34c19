import { GROUP_ERROR_CODES, GROUP_MESSAGES, type Membership, type MembershipAction } from '@estudai/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
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
import { groupMemberships, groupPayments } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { deliver, notify } from '../notifications/index.ts';
import { toMembership, toOwnerMembership } from './groups.present.ts';
import { applyApprovedPayment, findUnappliedPayment } from './paid-membership.service.ts';

const notMember = () => new AppError(404, GROUP_ERROR_CODES.notMember, GROUP_MESSAGES.notMember);

/** The viewer's membership of a group: the owner's is synthesised; none is null. */
export async function getMembership(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
): Promise<Membership | null> {
  const { group, membership, isOwner } = await groupAccess(ctx.database.db, groupId, viewer.id);
  if (isOwner) return toOwnerMembership(group);
  return membership ? toMembership(membership) : null;
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

async function hasAppliedPayment(tx: Tx, groupId: string, userId: string): Promise<boolean> {
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
  const { membership, notification } = await ctx.database.db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group) throw notFound(GROUP_MESSAGES.notFound);
    if (group.ownerId === viewer.id) throw conflict(GROUP_MESSAGES.alreadyMember);
    const now = new Date();
    const existing = await findMembership(tx, group.id, viewer.id);
    if (existing && membershipIsCurrent(existing, now)) {
      return { membership: await joinAgain(tx, group, existing, now), notification: undefined };
    }
    if (!group.isActive) throw conflict(GROUP_MESSAGES.groupInactive, GROUP_ERROR_CODES.groupInactive);
    // 'modo protegido' (issue 25): no paid group, whatever payment there may be.
    if (group.isPaid) await requirePaidCapable(tx, viewer);
    if ((await countCurrentMembers(tx, group.id)) >= group.maxMembers) {
      throw conflict(GROUP_MESSAGES.groupFull, GROUP_ERROR_CODES.groupFull);
    }
    const joined = group.isPaid
      ? await joinPaid(tx, group, viewer.id, now)
      : await joinFree(tx, group, viewer.id, now);
    const notification = await notify(tx, {
      userId: group.ownerId,
      actorId: viewer.id,
      type: 'study_group',
      title: 'Novo membro no grupo',
      message: `${viewer.displayName} entrou no grupo ${group.name}.`,
      actionUrl: `/study-groups/${group.id}`,
    });
    return { membership: joined, notification };
  });
  deliver(ctx, [notification]);
  return toMembership(membership);
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
  const [row] = await tx
    .insert(groupMemberships)
    .values({ studyGroupId: group.id, userId, ...fresh })
    .onConflictDoUpdate({ target: [groupMemberships.studyGroupId, groupMemberships.userId], set: fresh })
    .returning();
  if (!row) throw new Error('the membership was not written');
  return row;
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
  const [row] = await db
    .update(groupMemberships)
    .set({ status: 'left', leftAt: new Date(), archivedAt: null })
    .where(eq(groupMemberships.id, membership.id))
    .returning();
  if (!row) throw notMember();
  return toMembership(row);
}

/** Muting keeps access and only stops the group's news notifications (group-news.service.ts). */
async function setMuted(ctx: AppContext, viewer: SessionUser, groupId: string, muted: boolean) {
  const { db } = ctx.database;
  const { membership } = await groupAccess(db, groupId, viewer.id);
  if (!membership || !membershipIsCurrent(membership)) throw notMember();
  const [row] = await db
    .update(groupMemberships)
    .set({ mutedAt: muted ? (membership.mutedAt ?? new Date()) : null })
    .where(eq(groupMemberships.id, membership.id))
    .returning();
  if (!row) throw notMember();
  return toMembership(row);
}

/** Archiving only moves the group between 'Meus Grupos' and 'Arquivados'; access stays. */
async function setArchived(ctx: AppContext, viewer: SessionUser, groupId: string, archived: boolean) {
  const { db } = ctx.database;
  const { membership } = await groupAccess(db, groupId, viewer.id);
  if (!membership || !membershipIsCurrent(membership)) throw notMember();
  const [row] = await db
    .update(groupMemberships)
    .set({ archivedAt: archived ? (membership.archivedAt ?? new Date()) : null })
    .where(eq(groupMemberships.id, membership.id))
    .returning();
  if (!row) throw notMember();
  return toMembership(row);
}
