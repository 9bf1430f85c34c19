import { BLOCK_MESSAGES, USER_ERROR_CODES } from '@estudai/contract';
import { and, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { blocks, users } from '../db/schema/index.ts';
import { forbidden } from '../lib/errors.ts';

// Issue 21: the rules every feature asks about blocks, without importing anything of theirs (posts,
// chat, search and notifications use these; blocks.service.ts has the calls that change them).

/**
 * Neither `viewerId` nor the person in `otherId` blocked the other: the SQL every list of posts,
 * comments, questions and people adds. The primary key and `blocks_blocked_idx` answer each half.
 */
export function notBlockedEitherWay(viewerId: string | Placeholder | SQL, otherId: PgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${otherId})
    or (${blocks.blockerId} = ${otherId} and ${blocks.blockedId} = ${viewerId}))`;
}

/** Who blocked whom between two people: `viewer` blocked `other`, `other` blocked `viewer`, or none. */
export async function blockBetween(db: Tx, viewerId: string, otherId: string) {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)),
        and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, viewerId)),
      ),
    );
  return {
    viewerBlocked: rows.some((row) => row.blockerId === viewerId),
    blockedViewer: rows.some((row) => row.blockerId === otherId),
  };
}

/** Who blocked whom between two people, as `blockBetween` answers it. */
export interface BlockFacts {
  viewerBlocked: boolean;
  blockedViewer: boolean;
}

/**
 * The block rule for following or messaging someone, as a table: the one who blocked is told to
 * unblock first; the one blocked learns only that it is not allowed; no block, nothing to say.
 */
export function blockRefusal(facts: BlockFacts, action: BlockedAction): string | null {
  if (facts.viewerBlocked) return REFUSALS[action].youBlocked;
  if (facts.blockedViewer) return REFUSALS[action].refused;
  return null;
}

/** What a block refuses between two people: following, a message, a connection request (issue 37). */
export type BlockedAction = 'follow' | 'message' | 'connect';

const REFUSALS: Record<BlockedAction, { youBlocked: string; refused: string }> = {
  follow: { youBlocked: BLOCK_MESSAGES.followYouBlocked, refused: BLOCK_MESSAGES.followRefused },
  message: { youBlocked: BLOCK_MESSAGES.messageYouBlocked, refused: BLOCK_MESSAGES.messageRefused },
  connect: { youBlocked: BLOCK_MESSAGES.connectYouBlocked, refused: BLOCK_MESSAGES.connectRefused },
};

/** The 403 of a follow or a message across a block (`blockRefusal`), or nothing. */
export async function requireNotBlocked(
  db: Tx,
  actorId: string,
  otherId: string,
  action: BlockedAction,
): Promise<void> {
  const refusal = blockRefusal(await blockBetween(db, actorId, otherId), action);
  if (refusal) throw forbidden(refusal, USER_ERROR_CODES.blocked);
}

/**
 * The 403 of a text mentioning someone across a block (either way), naming the first such
 * @username; `usernames` are lower-cased handles as the mention parser gives them.
 */
export async function requireMentionsAllowed(db: Tx, actorId: string, usernames: string[]): Promise<void> {
  if (usernames.length === 0) return;
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(inArray(users.username, usernames), sql`not ${notBlockedEitherWay(actorId, users.id)}`))
    .limit(1);
  if (row) throw forbidden(BLOCK_MESSAGES.mentionRefused(row.username), USER_ERROR_CODES.blocked);
}

/** Either of the two blocked the other. */
export async function blocksEitherWay(db: Tx, a: string, b: string): Promise<boolean> {
  const { viewerBlocked, blockedViewer } = await blockBetween(db, a, b);
  return viewerBlocked || blockedViewer;
}
