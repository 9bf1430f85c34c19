import { ROOM_ERROR_CODES, ROOM_MESSAGES, STUDY_BLOCK_IDLE_MINUTES, type Subject } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { studyEvidenceBetween } from '../study/index.ts';
import {
  type BlockRow,
  findBlock,
  heartbeatsOf,
  insertBlock,
  insertHeartbeat,
  openBlocksOf,
  touchPresence,
  updateBlock,
} from './rooms.queries.ts';
import { loadRoom } from './rooms.service.ts';
import { verifiedMinutes } from './verified.ts';

/** A clock ahead of the server's by a couple of seconds is jitter; more is a heartbeat from the future. */
const FUTURE_TOLERANCE_MS = 2_000;

/** Still running: not ended, and a sign of life within the idle window (a closed tab stops it). */
const isRunning = (block: BlockRow, now: Date) =>
  !block.endedAt && now.getTime() - block.lastSignAt.getTime() <= STUDY_BLOCK_IDLE_MINUTES * 60_000;

/** The block's verified minutes up to `until`, from its heartbeats and the study done in it. */
async function computeMinutes(db: Tx, block: BlockRow, until: Date): Promise<number> {
  const [beats, evidence] = await Promise.all([
    heartbeatsOf(db, block.id),
    studyEvidenceBetween(db, block.userId, block.startedAt, until),
  ]);
  return verifiedMinutes(block.startedAt, until, beats, evidence);
}

/**
 * Ends a block: at `now` while it runs, at its last sign of life once it stopped. Study hears of it
 * ('rooms.blockEnded'): the verified minutes join the profile's study time.
 */
async function finish(ctx: AppContext, db: Tx, block: BlockRow, now: Date): Promise<number> {
  const until = isRunning(block, now) ? now : block.lastSignAt;
  const minutes = await computeMinutes(db, block, until);
  await updateBlock(db, block.id, { endedAt: until, verifiedMinutes: minutes });
  await ctx.events.emit(db, 'rooms.blockEnded', {
    userId: block.userId,
    blockId: block.id,
    startedAt: block.startedAt.toISOString(),
    endedAt: until.toISOString(),
    verifiedMinutes: minutes,
  });
  return minutes;
}

/** The viewer's own block, or 404. */
async function ownBlock(db: Tx, viewer: SessionUser, id: string): Promise<BlockRow> {
  const block = isUuid(id) ? await findBlock(db, id, true) : undefined;
  if (!block || block.userId !== viewer.id) throw notFound(ROOM_MESSAGES.blockNotFound);
  return block;
}

/** `POST /api/study-blocks {roomId?, subject?}`: a focus block starts now; one running at a time. */
export async function startBlock(
  ctx: AppContext,
  viewer: SessionUser,
  input: { roomId?: string | null; subject?: Subject | null },
) {
  const roomId = input.roomId ? (await loadRoom(ctx, viewer, input.roomId, 'view')).id : null;
  const now = ctx.clock();
  return ctx.events.transaction(async (tx) => {
    for (const open of await openBlocksOf(tx, viewer.id)) await finish(ctx, tx, open, now);
    const block = await insertBlock(tx, { userId: viewer.id, roomId, subject: input.subject ?? null, now });
    if (roomId) await touchPresence(tx, viewer.id, now, roomId);
    return { id: block.id, startedAt: block.startedAt.toISOString() };
  });
}

/**
 * `POST /api/study-blocks/{id}/heartbeat {visible, at?}`: the tab is (or is not) visible at `at` (the
 * arrival without it). A block that ended or stopped is refused (409), and so is a heartbeat from
 * the future or from before the block (400).
 */
export async function heartbeat(
  ctx: AppContext,
  viewer: SessionUser,
  id: string,
  input: { visible: boolean; at?: string },
) {
  return ctx.database.db.transaction(async (tx) => {
    const block = await ownBlock(tx, viewer, id);
    const now = ctx.clock();
    if (!isRunning(block, now))
      throw conflict(ROOM_MESSAGES.blockNotRunning, ROOM_ERROR_CODES.blockNotRunning);
    const at = input.at ? new Date(input.at) : now;
    if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
      throw badRequest(ROOM_MESSAGES.heartbeatFromFuture, ROOM_ERROR_CODES.heartbeatFuture);
    if (at < block.startedAt) throw badRequest(ROOM_MESSAGES.heartbeatBeforeStart);
    const beatAt = new Date(Math.min(at.getTime(), now.getTime()));
    await insertHeartbeat(tx, block.id, beatAt, input.visible);
    const lastSignAt = new Date(Math.max(beatAt.getTime(), block.lastSignAt.getTime()));
    const minutes = await computeMinutes(tx, block, lastSignAt);
    await updateBlock(tx, block.id, { lastSignAt, verifiedMinutes: minutes });
    if (block.roomId) await touchPresence(tx, viewer.id, now, block.roomId);
    return { verifiedMinutes: minutes, serverNow: now.toISOString() };
  });
}

/** `POST /api/study-blocks/{id}/end` → its verified minutes; an ended block is a 409. */
export async function endBlock(ctx: AppContext, viewer: SessionUser, id: string) {
  return ctx.events.transaction(async (tx) => {
    const block = await ownBlock(tx, viewer, id);
    if (block.endedAt) throw conflict(ROOM_MESSAGES.blockNotRunning, ROOM_ERROR_CODES.blockNotRunning);
    return { verifiedMinutes: await finish(ctx, tx, block, ctx.clock()) };
  });
}
