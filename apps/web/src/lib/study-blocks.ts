import { STUDY_BLOCK_HEARTBEAT_SECONDS } from '@estudai/contract/constants';
import { useEffect, useRef } from 'react';
import { ApiError, api } from './api.ts';

// Focus blocks (issue 39): the calls and the heartbeat that make 'horas verificadas'. A room's block
// (features/rooms) and the solo study timer (features/study) both run them from here.

/** `POST /api/study-blocks`: a block starts now, in a room or (no room) on its own. */
export const startStudyBlock = (roomId: string | null = null, subject: string | null = null) =>
  api.post<{ id: string; startedAt: string }>('/study-blocks', { roomId, subject });

const sendHeartbeat = (blockId: string, visible: boolean) =>
  api.post<{ verifiedMinutes: number; serverNow: string }>(
    `/study-blocks/${encodeURIComponent(blockId)}/heartbeat`,
    { visible },
  );

const endStudyBlock = (blockId: string) =>
  api.post<{ verifiedMinutes: number }>(`/study-blocks/${encodeURIComponent(blockId)}/end`);

/** The block no longer runs on the server (ended elsewhere, or stopped after long without a sign). */
const blockIsOver = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.status === 404);

/**
 * Ends a block and answers its verified minutes; a block already over answers 0 (its minutes were
 * counted when it ended). Anything else (no connection) throws, so the caller may try again.
 */
export async function finishStudyBlock(blockId: string): Promise<number> {
  try {
    const { verifiedMinutes } = await endStudyBlock(blockId);
    forgetStudyBlock(blockId);
    return verifiedMinutes;
  } catch (error) {
    if (!blockIsOver(error)) throw error;
    forgetStudyBlock(blockId);
    return 0;
  }
}

const HEARTBEAT_MS = STUDY_BLOCK_HEARTBEAT_SECONDS * 1000;
const lastBeatKey = (blockId: string) => `focusBlockBeat:${blockId}`;

function readLastBeat(blockId: string): number {
  try {
    return Number(localStorage.getItem(lastBeatKey(blockId))) || 0;
  } catch {
    return 0;
  }
}

function writeLastBeat(blockId: string, at: number) {
  try {
    localStorage.setItem(lastBeatKey(blockId), String(at));
  } catch {
    // Storage refused: each tab then only knows its own heartbeats.
  }
}

/**
 * Whether this tab sends the heartbeat now. A visible tab always does (it vouches for the time since
 * the last one). A hidden one says 'not visible' only to keep the block alive, and only when no tab
 * sent one lately: the server counts a visible heartbeat from the heartbeat before it, so a hidden
 * tab's 'not visible' between two of a visible tab's would cut the covered time.
 */
function shouldBeat(visible: boolean, lastBeatAt: number, now: number): boolean {
  return visible || now - lastBeatAt >= HEARTBEAT_MS + HEARTBEAT_MS / 2;
}

/**
 * While `blockId` is set: a heartbeat every 30 s saying whether this tab is visible (see
 * `shouldBeat` for several tabs on one block). `onVerified` gets the block's verified minutes so far;
 * `onOver` is told when the server says the block no longer runs.
 */
export function useFocusBlockHeartbeat(
  blockId: string | null | undefined,
  handlers: { onVerified: (minutes: number, blockId: string) => void; onOver?: (blockId: string) => void },
) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!blockId) return;
    const timer = setInterval(() => {
      const visible = document.visibilityState === 'visible';
      const now = Date.now();
      if (!shouldBeat(visible, readLastBeat(blockId), now)) return;
      writeLastBeat(blockId, now);
      sendHeartbeat(blockId, visible)
        .then((reply) => latest.current.onVerified(reply.verifiedMinutes, blockId))
        .catch((error: unknown) => {
          if (blockIsOver(error)) latest.current.onOver?.(blockId);
        });
    }, HEARTBEAT_MS);
    return () => {
      clearInterval(timer);
    };
  }, [blockId]);
}

/** Forgets a block's last heartbeat once it ended (the key is per block). */
function forgetStudyBlock(blockId: string) {
  try {
    localStorage.removeItem(lastBeatKey(blockId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
