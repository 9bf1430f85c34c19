import { ROOM_PRESENCE_BATCH_MS, type RoomPresent } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { PresentRow } from './rooms.present.ts';
import type { ReactionRow } from './rooms.queries.ts';
import { RoomSnapshots } from './rooms.snapshot.ts';

// Live presence of study rooms (issue 39) over the app's Socket.IO: who entered and left is gathered
// per room and sent at most once a second (a room of 1,000 people gets one update a second, not a
// thousand); a lost connection shows its leave only after 60 s without the person back in the room,
// on any process (the Redis adapter's fetchSockets looks at all of them).

/** The Socket.IO room of a study room. */
export const liveRoom = (roomId: string) => `studyroom:${roomId}`;

/**
 * A study room's sockets are also in one of `LIVE_PARTS` parts (by the socket's id), and a presence
 * update goes to one part at a time, the event loop free between them: sending to 1,000 sockets at
 * once held the server's thread for 45–57 ms every second (bench:rooms). Each part is one broadcast
 * (one Redis message with REDIS_URL), so a room's update is four.
 */
export const LIVE_PARTS = 4;
const livePart = (roomId: string, part: number) => `studyroom-part:${roomId}:${part}`;

/** The Socket.IO rooms a socket of a study room is in: the room's, and its part's. */
export function liveRoomsOf(roomId: string, socketId: string): [string, string] {
  let hash = 0;
  for (let i = 0; i < socketId.length; i += 1) hash = (hash * 31 + socketId.charCodeAt(i)) | 0;
  return [liveRoom(roomId), livePart(roomId, Math.abs(hash) % LIVE_PARTS)];
}

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
  /** Who is present in each room, read at most once a batch per process. */
  readonly snapshots = new RoomSnapshots<PresentRow>();
  /** The last minute's cheers of each room, the same way (a cheer forgets its room's). */
  readonly reactions = new RoomSnapshots<ReactionRow>();

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
    const update = { roomId, joined: [...delta.joined.values()], left: [...delta.left] };
    const send = (part: number) => {
      this.ctx.realtime.toRoom(livePart(roomId, part), 'room:presence', update);
      if (part + 1 < LIVE_PARTS) setImmediate(send, part + 1);
    };
    send(0);
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
    this.snapshots.gone(roomId, userId);
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
    this.snapshots.clear();
    this.reactions.clear();
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
