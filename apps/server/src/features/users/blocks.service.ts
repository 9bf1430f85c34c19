import {
  BLOCK_MESSAGES,
  type BlockedUser,
  type BlockState,
  type PageQuery,
  USER_ERROR_CODES,
} from '@estudai/contract';
import { findVisibleUser } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { deleteBlock, insertBlock, listBlockRows } from './blocks.queries.ts';

/**
 * `POST /api/users/{id}/block` (issue 21), idempotent: blocking again changes nothing. In one
 * transaction the two stop following each other and their waiting follow or connection requests
 * go ('block.created'). Then the feed pages kept for either of them are dropped (`block.changed`),
 * so the very next read of either feed no longer shows the other's posts.
 */
export async function blockUser(ctx: AppContext, viewer: SessionUser, targetId: string): Promise<BlockState> {
  const { db } = ctx.database;
  const target = await findVisibleUser(db, viewer, targetId);
  if (target.id === viewer.id) throw badRequest(BLOCK_MESSAGES.cannotBlockSelf, USER_ERROR_CODES.selfAction);
  await ctx.events.transaction(async (tx) => {
    const removedRequests = await insertBlock(tx, viewer.id, target.id);
    await ctx.events.emit(tx, 'block.created', {
      blockerId: viewer.id,
      blockedId: target.id,
      requestsRemovedFor: [...new Set(removedRequests.map((row) => row.toUserId))],
    });
  });
  ctx.bus.publish('block.changed', { blockerId: viewer.id, blockedId: target.id });
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
  if (await deleteBlock(db, viewer.id, target.id)) {
    ctx.bus.publish('block.changed', { blockerId: viewer.id, blockedId: target.id });
  }
  return { isBlocked: false };
}

/** `GET /api/users/me/blocks`: whom the viewer blocked, most recent first ('Usuários bloqueados'). */
export async function listBlocks(
  ctx: AppContext,
  viewer: SessionUser,
  page: PageQuery,
): Promise<{ data: BlockedUser[]; hasMore: boolean }> {
  const rows = await listBlockRows(ctx.database.db, viewer.id, page);
  return {
    data: rows.slice(0, page.limit).map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() })),
    hasMore: rows.length > page.limit,
  };
}
