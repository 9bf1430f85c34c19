import { type ConnectionRequest, NOTIFICATION_MESSAGES } from '@estudai/contract';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { connectionRequests, follows, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { deliver, notify, publishCounts } from './notifications.service.ts';

const profileUrl = (userId: string) => `/user/${userId}`;

/** Whether `fromUserId` asked `toUserId` to connect and the request still waits ('Solicitação enviada'). */
export async function hasPendingRequest(db: Tx, fromUserId: string, toUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: connectionRequests.id })
    .from(connectionRequests)
    .where(
      and(
        eq(connectionRequests.fromUserId, fromUserId),
        eq(connectionRequests.toUserId, toUserId),
        eq(connectionRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** 'Conectar': asks another user to follow each other. A second ask while one is pending changes nothing. */
export async function sendRequest(ctx: AppContext, fromUserId: string, toUserId: string) {
  if (fromUserId === toUserId) throw badRequest(NOTIFICATION_MESSAGES.requestSelf);
  const { db } = ctx.database;
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, toUserId), isNull(users.suspendedAt)))
    .limit(1);
  if (!target) throw notFound('Usuário não encontrado.');
  const existing = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(
      or(
        and(eq(follows.followerId, fromUserId), eq(follows.followingId, toUserId)),
        and(eq(follows.followerId, toUserId), eq(follows.followingId, fromUserId)),
      ),
    );
  if (existing.length === 2) throw conflict(NOTIFICATION_MESSAGES.alreadyConnected);

  try {
    const [request] = await db.insert(connectionRequests).values({ fromUserId, toUserId }).returning();
    await publishCounts(ctx, toUserId);
    return { id: request?.id ?? '', created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [pending] = await db
      .select({ id: connectionRequests.id })
      .from(connectionRequests)
      .where(
        and(
          eq(connectionRequests.fromUserId, fromUserId),
          eq(connectionRequests.toUserId, toUserId),
          eq(connectionRequests.status, 'pending'),
        ),
      );
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
  const notification = await ctx.database.db.transaction(async (tx) => {
    const [request] = await tx
      .insert(connectionRequests)
      .values({ fromUserId: from.id, toUserId, kind: 'follow' })
      .onConflictDoNothing()
      .returning({ id: connectionRequests.id });
    if (!request) return undefined;
    return notify(tx, {
      userId: toUserId,
      actorId: from.id,
      type: 'follow',
      title: 'Pedido para seguir',
      message: `${from.displayName} quer seguir você. Aprove ou recuse em Solicitações.`,
      actionUrl: '/notifications',
      dedupeKey: `follow-request:${request.id}`,
    });
  });
  deliver(ctx, [notification]);
  await publishCounts(ctx, toUserId);
}

/** Unfollowing withdraws a follow request that still waits. */
export async function cancelFollowRequest(ctx: AppContext, fromUserId: string, toUserId: string) {
  const removed = await ctx.database.db
    .delete(connectionRequests)
    .where(
      and(
        eq(connectionRequests.fromUserId, fromUserId),
        eq(connectionRequests.toUserId, toUserId),
        eq(connectionRequests.status, 'pending'),
        eq(connectionRequests.kind, 'follow'),
      ),
    )
    .returning({ id: connectionRequests.id });
  if (removed.length > 0) await publishCounts(ctx, toUserId);
}

export async function listPendingRequests(ctx: AppContext, userId: string): Promise<ConnectionRequest[]> {
  const rows = await ctx.database.db
    .select({ request: connectionRequests, from: users })
    .from(connectionRequests)
    .innerJoin(users, eq(users.id, connectionRequests.fromUserId))
    .where(
      and(
        eq(connectionRequests.toUserId, userId),
        eq(connectionRequests.status, 'pending'),
        isNull(users.suspendedAt),
      ),
    )
    .orderBy(desc(connectionRequests.createdAt))
    .limit(100);
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
  const result = await ctx.database.db.transaction(async (tx) => {
    const [request] = await tx
      .update(connectionRequests)
      .set({ status: action === 'accept' ? 'accepted' : 'rejected', respondedAt: new Date() })
      .where(
        and(
          eq(connectionRequests.id, requestId),
          eq(connectionRequests.toUserId, userId),
          eq(connectionRequests.status, 'pending'),
        ),
      )
      .returning();
    if (!request) throw notFound(NOTIFICATION_MESSAGES.requestNotFound);
    if (action === 'reject') return { status: 'rejected' as const, notifications: [] };
    const asker = { followerId: request.fromUserId, followingId: request.toUserId };
    const back = { followerId: request.toUserId, followingId: request.fromUserId };
    // A follow request ('Seguir' on someone who approves followers) makes only the asker follow.
    await tx
      .insert(follows)
      .values(request.kind === 'follow' ? [asker] : [asker, back])
      .onConflictDoNothing();
    const [me] = await tx.select({ displayName: users.displayName }).from(users).where(eq(users.id, userId));
    const name = me?.displayName ?? 'Alguém';
    const accepted = await notify(tx, {
      userId: request.fromUserId,
      actorId: userId,
      type: 'follow',
      title: request.kind === 'follow' ? 'Pedido aceito' : 'Conexão aceita',
      message:
        request.kind === 'follow'
          ? `${name} aprovou seu pedido. Agora você segue ${name}.`
          : `${name} aceitou sua solicitação. Agora vocês podem conversar!`,
      actionUrl: profileUrl(userId),
      dedupeKey: `connection-accepted:${request.id}`,
    });
    return {
      status: 'accepted' as const,
      notifications: [accepted],
      follows: request.kind === 'follow' ? [asker] : [asker, back],
    };
  });
  deliver(ctx, result.notifications);
  for (const follow of result.follows ?? []) ctx.bus.publish('follow.changed', follow);
  await publishCounts(ctx, userId);
  return { status: result.status };
}
