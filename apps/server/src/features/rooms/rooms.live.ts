import { ROOM_PRESENCE_BATCH_MS, type RoomPresent } from '@estudai/contract';
import type { AppContext } from '../../context.ts';

// Live presence of study rooms (issue 39) over the app's Socket.IO: who entered and left is gathered
// per room and sent at most once a second (a room of 1,000 people gets one update a second, not a
// thousand); a lost connection shows its leave only after 60 s without the person back in the room,
// on any process (the Redis adapter's fetchSockets looks at all of them).

/** The Socket.IO room of a study room. */
export const liveRoom = (roomId: string) => `studyroom:${roomId}`;

interface Delta {
  joined: Map<string, RoomPresent>;
  left: Set<string>;
  timer: NodeJS.Timeout;
}

export class RoomsLive {
  /** Tests shorten these. */
  batchMs = ROOM_PRESENCE_BATCH_MS;
  /** `ROOM_PRESENCE_GRACE_MS` (60 s unless set). */
  graceMs: number;
  private readonly pending = new Map<string, Delta>();
  private readonly grace = new Map<string, NodeJS.Timeout>();

  constructor(private readonly ctx: AppContext) {
    this.graceMs = ctx.config.roomPresenceGraceMs;
  }

  private delta(roomId: string): Delta {
    let delta = this.pending.get(roomId);
    if (!delta) {
      const timer = setTimeout(() => this.flush(roomId), this.batchMs);
      timer.unref();
      delta = { joined: new Map(), left: new Set(), timer };
      this.pending.set(roomId, delta);
    }
    return delta;
  }

  private flush(roomId: string): void {
    const delta = this.pending.get(roomId);
    this.pending.delete(roomId);
    if (!delta || (delta.joined.size === 0 && delta.left.size === 0)) return;
    this.ctx.realtime.toRoom(liveRoom(roomId), 'room:presence', {
      roomId,
      joined: [...delta.joined.values()],
      left: [...delta.left],
    });
  }

  /** Someone is in the room (entered, joined, or came back within the grace). */
  joined(roomId: string, present: RoomPresent): void {
    this.cancelGrace(roomId, present.userId);
    const delta = this.delta(roomId);
    delta.left.delete(present.userId);
    delta.joined.set(present.userId, present);
  }

  /** Someone left the room on purpose. */
  left(roomId: string, userId: string): void {
    this.cancelGrace(roomId, userId);
    const delta = this.delta(roomId);
    delta.joined.delete(userId);
    delta.left.add(userId);
  }

  /**
   * A socket in the room was lost: unless one of the person's sockets is in the room again within
   * the grace (a reconnect, on any process), they left. `onLeft` runs then (the stored presence goes).
   */
  lost(roomId: string, userId: string, onLeft: () => Promise<void>): void {
    const key = `${roomId}:${userId}`;
    if (this.grace.has(key)) return;
    const timer = setTimeout(async () => {
      this.grace.delete(key);
      try {
        const sockets = await this.ctx.realtime.io.in(liveRoom(roomId)).fetchSockets();
        if (sockets.some((socket) => socket.data.userId === userId)) return;
        await onLeft();
        this.left(roomId, userId);
      } catch (error) {
        this.ctx.log.warn({ err: error }, 'room presence: a lost connection could not be settled');
      }
    }, this.graceMs);
    timer.unref();
    this.grace.set(key, timer);
  }

  private cancelGrace(roomId: string, userId: string): void {
    const key = `${roomId}:${userId}`;
    const timer = this.grace.get(key);
    if (timer) clearTimeout(timer);
    this.grace.delete(key);
  }

  /** Stops every timer (the app closes). */
  close(): void {
    for (const delta of this.pending.values()) clearTimeout(delta.timer);
    for (const timer of this.grace.values()) clearTimeout(timer);
    this.pending.clear();
    this.grace.clear();
  }
}

const lives = new WeakMap<AppContext['realtime'], RoomsLive>();

/** The app's live presence of rooms (one per app: its realtime server). */
export function roomsLive(ctx: AppContext): RoomsLive {
  let live = lives.get(ctx.realtime);
  if (!live) {
    live = new RoomsLive(ctx);
    lives.set(ctx.realtime, live);
  }
  return live;
}
