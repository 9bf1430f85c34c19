import { type ConnectionRequest, NOTIFICATION_MESSAGES } from '@estudai/contract';
import { requireNotBlocked } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import {
  answerPendingRequest,
  deletePendingFollowRequest,
  displayNameOf,
  findPendingRequest,
  findRequestableUser,
  followsBetween,
  insertConnectionRequest,
  insertFollowRequest,
  insertFollows,
  listPendingRequestRows,
} from './connection-requests.queries.ts';

// Connection requests ('Conectar') and follow requests ('Seguir' on someone who approves
// followers): the recipient answers them in 'Solicitações'. What the recipient and the requester
// are told, and their badges, follow from the events ('connection.*').

export { hasPendingRequest } from './connection-requests.queries.ts';

/**
 * 'Conectar': asks another user to follow each other. A second ask while one is pending changes
 * nothing; across a block, either way, it is refused (issue 37).
 */
export async function sendRequest(
  ctx: AppContext,
  from: { id: string; displayName: string },
  toUserId: string,
) {
  const fromUserId = from.id;
  if (fromUserId === toUserId) throw badRequest(NOTIFICATION_MESSAGES.requestSelf);
  const { db } = ctx.database;
  const target = await findRequestableUser(db, toUserId);
  if (!target) throw notFound('Usuário não encontrado.');
  await requireNotBlocked(db, fromUserId, toUserId, 'connect');
  const existing = await followsBetween(db, fromUserId, toUserId);
  if (existing.length === 2) throw conflict(NOTIFICATION_MESSAGES.alreadyConnected);

  try {
    const request = await ctx.events.transaction(async (tx) => {
      const request = await insertConnectionRequest(tx, fromUserId, toUserId);
      if (request) {
        await ctx.events.emit(tx, 'connection.requested', {
          requestId: request.id,
          kind: request.kind,
          fromUserId,
          fromName: from.displayName,
          toUserId,
        });
      }
      return request;
    });
    return { id: request?.id ?? '', created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const pending = await findPendingRequest(db, fromUserId, toUserId);
    return { id: pending?.id ?? '', created: false };
  }
}

/**
 * Someone asks to follow a person who approves followers (a minor, a followers-only profile). A
 * second ask while one waits changes nothing; the person is told once.
 */
export async function requestToFollow(
  ctx: AppContext,
  from: { id: string; displayName: string },
  toUserId: string,
): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const request = await insertFollowRequest(tx, from.id, toUserId);
    if (!request) return;
    await ctx.events.emit(tx, 'connection.requested', {
      requestId: request.id,
      kind: 'follow',
      fromUserId: from.id,
      fromName: from.displayName,
      toUserId,
    });
  });
}

/** Unfollowing withdraws a follow request that still waits (in the unfollow's transaction). */
export async function cancelFollowRequest(ctx: AppContext, tx: Tx, fromUserId: string, toUserId: string) {
  const removed = await deletePendingFollowRequest(tx, fromUserId, toUserId);
  if (removed.length > 0) await ctx.events.emit(tx, 'connection.withdrawn', { fromUserId, toUserId });
}

export async function listPendingRequests(ctx: AppContext, userId: string): Promise<ConnectionRequest[]> {
  const rows = await listPendingRequestRows(ctx.database.db, userId);
  return rows.map(({ request, from }) => ({
    id: request.id,
    fromUserId: from.id,
    fromUserName: from.displayName,
    fromUserAvatar: from.avatar,
    fromUserBio: from.bio,
    createdAt: request.createdAt.toISOString(),
    kind: request.kind,
  }));
}

/**
 * Accept: both follow each other (so they may chat) and the requester is told. Reject: no follow.
 * Either way the request leaves the list. Someone else's request answers 404.
 */
export async function answerRequest(
  ctx: AppContext,
  userId: string,
  requestId: string,
  action: 'accept' | 'reject',
) {
  const result = await ctx.events.transaction(async (tx) => {
    const status = action === 'accept' ? 'accepted' : 'rejected';
    const request = await answerPendingRequest(tx, userId, requestId, status, ctx.clock());
    if (!request) throw notFound(NOTIFICATION_MESSAGES.requestNotFound);
    const answered = {
      requestId: request.id,
      kind: request.kind,
      fromUserId: request.fromUserId,
      toUserId: userId,
    };
    if (action === 'reject') {
      await ctx.events.emit(tx, 'connection.answered', { ...answered, toName: '', accepted: false });
      return { status: 'rejected' as const };
    }
    const asker = { followerId: request.fromUserId, followingId: request.toUserId };
    const back = { followerId: request.toUserId, followingId: request.fromUserId };
    // A follow request ('Seguir' on someone who approves followers) makes only the asker follow.
    const made = request.kind === 'follow' ? [asker] : [asker, back];
    await insertFollows(tx, made);
    const name = (await displayNameOf(tx, userId)) ?? 'Alguém';
    await ctx.events.emit(tx, 'connection.answered', { ...answered, toName: name, accepted: true });
    return { status: 'accepted' as const, follows: made };
  });
  for (const follow of result.follows ?? []) ctx.bus.publish('follow.changed', follow);
  return { status: result.status };
}
