import {
  BLOCK_MESSAGES,
  type BlockedUser,
  type BlockState,
  type PageQuery,
  USER_ERROR_CODES,
} from '@estudai/contract';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { findVisibleUser } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { blocks, connectionRequests, follows, users } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { publishCounts } from '../notifications/index.ts';

/**
 * `POST /api/users/{id}/block` (issue 21), idempotent: blocking again changes nothing. In one
 * transaction the two stop following each other and their waiting follow or connection requests
 * go. Then the feed pages kept for either of them are dropped (`block.changed`), so the very next
 * read of either feed no longer shows the other's posts.
 */
export async function blockUser(ctx: AppContext, viewer: SessionUser, targetId: string): Promise<BlockState> {
  const { db } = ctx.database;
  const target = await findVisibleUser(db, viewer, targetId);
  if (target.id === viewer.id) throw badRequest(BLOCK_MESSAGES.cannotBlockSelf, USER_ERROR_CODES.selfAction);
  const between = (from: PgColumn, to: PgColumn) =>
    or(and(eq(from, viewer.id), eq(to, target.id)), and(eq(from, target.id), eq(to, viewer.id)));
  const removedRequests = await db.transaction(async (tx) => {
    await tx.insert(blocks).values({ blockerId: viewer.id, blockedId: target.id }).onConflictDoNothing();
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
  });
  ctx.bus.publish('block.changed', { blockerId: viewer.id, blockedId: target.id });
  for (const userId of new Set(removedRequests.map((row) => row.toUserId))) await publishCounts(ctx, userId);
  return { isBlocked: true };
}

/** `DELETE /api/users/{id}/block`, idempotent; follows ended by the block do not come back. */
export async function unblockUser(
  ctx: AppContext,
  viewer: SessionUser,
  targetId: string,
): Promise<BlockState> {
  const { db } = ctx.database;
  const target = await findVisibleUser(db, viewer, targetId);
  if (target.id === viewer.id) throw badRequest(BLOCK_MESSAGES.cannotBlockSelf, USER_ERROR_CODES.selfAction);
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, viewer.id), eq(blocks.blockedId, target.id)))
    .returning({ blockedId: blocks.blockedId });
  if (removed.length > 0) ctx.bus.publish('block.changed', { blockerId: viewer.id, blockedId: target.id });
  return { isBlocked: false };
}

/** `GET /api/users/me/blocks`: whom the viewer blocked, most recent first ('Usuários bloqueados'). */
export async function listBlocks(
  ctx: AppContext,
  viewer: SessionUser,
  { page, limit }: PageQuery,
): Promise<{ data: BlockedUser[]; hasMore: boolean }> {
  const rows = await ctx.database.db
    .select({
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      avatar: users.avatar,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, and(eq(users.id, blocks.blockedId), isNull(users.suspendedAt)))
    .where(eq(blocks.blockerId, viewer.id))
    .orderBy(desc(blocks.createdAt), desc(users.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return {
    data: rows.slice(0, limit).map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() })),
    hasMore: rows.length > limit,
  };
}
