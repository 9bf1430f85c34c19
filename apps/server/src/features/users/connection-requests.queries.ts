import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { notBlockedEitherWay } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { connectionRequests, follows, users } from '../../db/schema/index.ts';

// Connection and follow requests ('Conectar', 'Seguir' on someone who approves followers): the SQL.

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

/** A user who may be asked: there and not suspended. */
export async function findRequestableUser(db: Tx, userId: string) {
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
    .limit(1);
  return target;
}

/** The follows between two people, either way (two rows: they follow each other). */
export function followsBetween(db: Tx, fromUserId: string, toUserId: string) {
  return db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(
      or(
        and(eq(follows.followerId, fromUserId), eq(follows.followingId, toUserId)),
        and(eq(follows.followerId, toUserId), eq(follows.followingId, fromUserId)),
      ),
    );
}

/** A new connection request; a second one while one is pending fails on the unique index. */
export async function insertConnectionRequest(db: Tx, fromUserId: string, toUserId: string) {
  const [request] = await db.insert(connectionRequests).values({ fromUserId, toUserId }).returning();
  return request;
}

/** The request from one to the other that waits. */
export async function findPendingRequest(db: Tx, fromUserId: string, toUserId: string) {
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
  return pending;
}

/** A new follow request; nothing (undefined) while one waits already. */
export async function insertFollowRequest(db: Tx, fromUserId: string, toUserId: string) {
  const [request] = await db
    .insert(connectionRequests)
    .values({ fromUserId, toUserId, kind: 'follow' })
    .onConflictDoNothing()
    .returning({ id: connectionRequests.id });
  return request;
}

/** Withdraws the follow request from one to the other that still waits; answers what went. */
export function deletePendingFollowRequest(db: Tx, fromUserId: string, toUserId: string) {
  return db
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
}

/** The requests waiting for `userId`, newest first, from accounts not suspended and not across a block. */
export function listPendingRequestRows(db: Tx, userId: string) {
  return db
    .select({ request: connectionRequests, from: users })
    .from(connectionRequests)
    .innerJoin(users, eq(users.id, connectionRequests.fromUserId))
    .where(
      and(
        eq(connectionRequests.toUserId, userId),
        eq(connectionRequests.status, 'pending'),
        isNull(users.suspendedAt),
        notBlockedEitherWay(userId, connectionRequests.fromUserId),
      ),
    )
    .orderBy(desc(connectionRequests.createdAt))
    .limit(100);
}

/** Answers a request to `userId` that waits; undefined when there is none (someone else's, answered). */
export async function answerPendingRequest(
  db: Tx,
  userId: string,
  requestId: string,
  status: 'accepted' | 'rejected',
  respondedAt: Date,
) {
  const [request] = await db
    .update(connectionRequests)
    .set({ status, respondedAt })
    .where(
      and(
        eq(connectionRequests.id, requestId),
        eq(connectionRequests.toUserId, userId),
        eq(connectionRequests.status, 'pending'),
      ),
    )
    .returning();
  return request;
}

/** Follows made by an accepted request (already there: nothing). */
export async function insertFollows(db: Tx, rows: { followerId: string; followingId: string }[]) {
  await db.insert(follows).values(rows).onConflictDoNothing();
}

export async function displayNameOf(db: Tx, userId: string): Promise<string | undefined> {
  const [me] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, userId));
  return me?.displayName;
}
