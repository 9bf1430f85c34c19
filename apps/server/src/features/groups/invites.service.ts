import { GROUP_MESSAGES } from '@estudai/contract';
import { groupAccess, membershipIsCurrent } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findInvitee } from './groups.queries.ts';

/**
 * The owner invites someone to the group: they get a 'group_invite' notification that opens the
 * group's page (where they join or subscribe). Inviting the same person again notifies once.
 */
export async function inviteToGroup(
  ctx: AppContext,
  owner: SessionUser,
  groupId: string,
  userId: string,
): Promise<void> {
  const { db } = ctx.database;
  const { group, isOwner } = await groupAccess(db, groupId, owner.id);
  if (!isOwner) throw forbidden(GROUP_MESSAGES.inviteForbidden);
  if (userId === owner.id) throw conflict(GROUP_MESSAGES.inviteSelf);
  const invitee = isUuid(userId) ? await findInvitee(db, userId) : undefined;
  if (!invitee || invitee.suspendedAt) throw notFound(GROUP_MESSAGES.inviteUserNotFound);
  const { membership } = await groupAccess(db, groupId, invitee.id);
  if (membershipIsCurrent(membership)) throw conflict(GROUP_MESSAGES.inviteAlreadyMember);
  // The invitation is a notification (notifications/subscribers/groups.ts).
  await ctx.events.transaction((tx) =>
    ctx.events.emit(tx, 'group.memberInvited', {
      groupId: group.id,
      groupName: group.name,
      inviteeId: invitee.id,
      ownerId: owner.id,
      ownerName: owner.displayName,
    }),
  );
}
