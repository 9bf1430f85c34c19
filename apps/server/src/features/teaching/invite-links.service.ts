import { randomBytes } from 'node:crypto';
import {
  type CreateInviteLinkInput,
  type InviteAcceptResult,
  type InviteLink,
  type InvitePreview,
  TEACHING_MESSAGES,
} from '@estudai/contract';
import { findGroup, groupAccess, imageViewer, requireGroupOwner, shownImagesOf } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { applyMembershipAction } from '../groups/index.ts';
import {
  couponLeft,
  discounted,
  findInviteLink,
  hasPaidBefore,
  hasUsedLink,
  type InviteLinkRow,
  inviteGone,
  linkIsOpen,
} from '../payments/index.ts';
import {
  countLinkUse,
  findDisplayName,
  insertInviteLink,
  insertLinkUse,
  listInviteLinkRows,
  setLinkRevokedAt,
} from './invite-links.queries.ts';

// Invite links (issue 24): the owner shares `/convite/{code}`; a free group is joined in one tap,
// a paid one leads to its payment page with the link's coupon. The existing one-person invite
// (POST …/invites) is unchanged.

const newCode = () => randomBytes(9).toString('base64url');

function toInviteLink(ctx: AppContext, row: InviteLinkRow, now: Date): InviteLink {
  return {
    code: row.code,
    url: `${ctx.config.publicUrl}/convite/${row.code}`,
    studyGroupId: row.studyGroupId,
    maxUses: row.maxUses,
    usesCount: row.usesCount,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    couponPercent: row.couponPercent,
    couponMaxUses: row.couponMaxUses,
    couponUsesCount: row.couponUsesCount,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    isActive: linkIsOpen(row, now, false),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createInviteLink(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  input: CreateInviteLinkInput,
): Promise<InviteLink> {
  const { db } = ctx.database;
  const { group } = await requireGroupOwner(db, groupId, viewer.id);
  const now = ctx.clock();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw badRequest(TEACHING_MESSAGES.inviteExpiryInvalid);
  if (input.couponPercent && !group.isPaid) throw badRequest(TEACHING_MESSAGES.couponNeedsPaidGroup);
  const row = await insertInviteLink(db, {
    code: newCode(),
    studyGroupId: group.id,
    createdBy: viewer.id,
    maxUses: input.maxUses ?? null,
    expiresAt,
    couponPercent: input.couponPercent ?? null,
    couponMaxUses: input.couponPercent ? (input.couponMaxUses ?? null) : null,
  });
  if (!row) throw new Error('insert returned no invite link');
  return toInviteLink(ctx, row, now);
}

export async function listInviteLinks(ctx: AppContext, viewer: SessionUser, groupId: string) {
  const { db } = ctx.database;
  const { group } = await requireGroupOwner(db, groupId, viewer.id);
  const rows = await listInviteLinkRows(db, group.id);
  const now = ctx.clock();
  return rows.map((row) => toInviteLink(ctx, row, now));
}

export async function revokeInviteLink(ctx: AppContext, viewer: SessionUser, groupId: string, code: string) {
  const { db } = ctx.database;
  const { group } = await requireGroupOwner(db, groupId, viewer.id);
  const link = await findInviteLink(db, code);
  if (!link || link.studyGroupId !== group.id) throw notFound(TEACHING_MESSAGES.inviteNotFound);
  const row = await setLinkRevokedAt(db, link.id, link.revokedAt ?? ctx.clock());
  return toInviteLink(ctx, row ?? link, ctx.clock());
}

/** The link, open for this viewer, with its group; 404 unknown, 410 expired, revoked or used up. */
async function openLink(ctx: AppContext, viewer: SessionUser | null, code: string) {
  const { db } = ctx.database;
  const link = await findInviteLink(db, code);
  if (!link) throw notFound(TEACHING_MESSAGES.inviteNotFound);
  const group = await findGroup(db, link.studyGroupId);
  if (!group) throw notFound(TEACHING_MESSAGES.inviteNotFound);
  const used = viewer ? await hasUsedLink(db, link.id, viewer.id) : false;
  if (!linkIsOpen(link, ctx.clock(), used)) throw inviteGone();
  return { link, group, used };
}

/**
 * `GET /api/invites/{code}`: the group a link opens, its teacher, price and coupon — to anyone with
 * the link, signed out too (issue 36: the page says what it is before asking for an account). Signed
 * out, the coupon is the link's (nothing paid before), nobody is a member, and the cover is shown as
 * to a minor (imageViewer of nobody).
 */
export async function previewInvite(
  ctx: AppContext,
  viewer: SessionUser | null,
  code: string,
): Promise<InvitePreview> {
  const { db } = ctx.database;
  const { link, group } = await openLink(ctx, viewer, code);
  const isMember = viewer ? (await groupAccess(db, group.id, viewer.id)).canAccess : false;
  const ownerName = await findDisplayName(db, group.ownerId);
  const cover = group.coverImage
    ? (
        await shownImagesOf(db, ctx.config.publicUrl, imageViewer(viewer, ctx.clock()), [group.coverImage])
      ).get(group.coverImage)
    : undefined;
  const coupon =
    group.isPaid && couponLeft(link) && !(viewer && (await hasPaidBefore(db, group.id, viewer.id)))
      ? link.couponPercent
      : null;
  return {
    code: link.code,
    group: {
      id: group.id,
      name: group.name,
      summary: group.summary,
      description: group.description,
      coverImage: cover?.url ?? null,
      coverSensitivity: cover?.sensitivity ?? 'ok',
      ownerName: ownerName ?? '',
      isPaid: group.isPaid,
      price: group.price,
      subscriptionDuration: group.subscriptionDuration,
    },
    couponPercent: coupon,
    firstPaymentAmount: group.isPaid ? discounted(group.price, coupon) : 0,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    isMember,
  };
}

/** Counts the viewer's use of the link once (a second accept by the same person counts nothing). */
async function recordUse(ctx: AppContext, link: InviteLinkRow, userId: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    if (!(await insertLinkUse(tx, link.id, userId))) return;
    // The last use went to someone else meanwhile: this transaction (and its use row) is undone.
    if (!(await countLinkUse(tx, link.id))) throw inviteGone();
  });
}

export async function acceptInvite(
  ctx: AppContext,
  viewer: SessionUser,
  code: string,
): Promise<InviteAcceptResult> {
  const { db } = ctx.database;
  const { link, group, used } = await openLink(ctx, viewer, code);
  const access = await groupAccess(db, group.id, viewer.id);
  const base = { studyGroupId: group.id, paymentPath: null, amount: null, couponPercent: null };
  if (access.canAccess && !(group.isPaid && access.membership?.expiresAt)) {
    return { ...base, status: 'already_member' };
  }
  if (!group.isPaid) {
    // The join's own rules apply (group full, inactive): its errors answer as they are.
    await applyMembershipAction(ctx, viewer, group.id, 'join');
    if (!used) await recordUse(ctx, link, viewer.id);
    return { ...base, status: 'joined' };
  }
  if (!used) await recordUse(ctx, link, viewer.id);
  const coupon =
    couponLeft(link) && !(await hasPaidBefore(db, group.id, viewer.id)) ? link.couponPercent : null;
  return {
    ...base,
    status: 'payment_required',
    paymentPath: `/study-groups/${group.id}/payment?convite=${encodeURIComponent(link.code)}`,
    amount: discounted(group.price, coupon),
    couponPercent: coupon,
  };
}
