import { GROUP_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { groupAccess, membershipIsCurrent } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { deliver, notify } from '../notifications/index.ts';

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
  const [invitee] = isUuid(userId)
    ? await db
        .select({ id: users.id, suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, userId))
    : [];
  if (!invitee || invitee.suspendedAt) throw notFound(GROUP_MESSAGES.inviteUserNotFound);
  const { membership } = await groupAccess(db, groupId, invitee.id);
  if (membershipIsCurrent(membership)) throw conflict(GROUP_MESSAGES.inviteAlreadyMember);
  const notification = await notify(db, {
    userId: invitee.id,
    actorId: owner.id,
    type: 'group_invite',
    title: 'Convite para grupo de estudo',
    message: `${owner.displayName} convidou você para o grupo ${group.name}.`,
    actionUrl: `/study-groups/${group.id}`,
    dedupeKey: `group_invite:${group.id}`,
  });
  deliver(ctx, [notification]);
}
