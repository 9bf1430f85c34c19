import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { blocks, connectionRequests, follows, users } from '../../db/schema/index.ts';

/**
 * One block, in the caller's transaction (again: nothing): the two stop following each other and
 * their waiting follow or connection requests go. Answers the recipients of the requests removed.
 */
export async function insertBlock(tx: Tx, blockerId: string, blockedId: string) {
  const between = (from: PgColumn, to: PgColumn) =>
    or(and(eq(from, blockerId), eq(to, blockedId)), and(eq(from, blockedId), eq(to, blockerId)));
  await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
  await tx.delete(follows).where(between(follows.followerId, follows.followingId));
  return tx
    .delete(connectionRequests)
    .where(
      and(
        between(connectionRequests.fromUserId, connectionRequests.toUserId),
        eq(connectionRequests.status, 'pending'),
      ),
    )
    .returning({ toUserId: connectionRequests.toUserId });
}

/** Lifts a block; answers whether there was one. */
export async function deleteBlock(db: Tx, blockerId: string, blockedId: string): Promise<boolean> {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId });
  return removed.length > 0;
}

/** Whom `blockerId` blocked, most recent first; one row more than `limit`. */
export function listBlockRows(db: Tx, blockerId: string, { page, limit }: { page: number; limit: number }) {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      avatar: users.avatar,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, and(eq(users.id, blocks.blockedId), isNull(users.suspendedAt)))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(users.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
}
