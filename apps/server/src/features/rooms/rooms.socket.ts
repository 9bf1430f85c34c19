import { ROOM_MESSAGES } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { liveRoom, liveRoomsOf, roomsLive } from './rooms.live.ts';
import { deletePresence, findUserRow } from './rooms.queries.ts';
import { announcePresence, joinLoadedRoom, loadRoomAndPresence, viewLoadedRoom } from './rooms.service.ts';

/** Socket payloads are whatever a client sends: an id must be a UUID string. */
const isId = (value: unknown): value is string => typeof value === 'string' && isUuid(value);
const LIVE_PREFIX = liveRoom('');

/**
 * `room:enter` (for who may see the room: the same rule as `GET /api/rooms/{id}`), `room:leave`, and
 * a lost connection, which leaves only after the grace (rooms.live.ts).
 */
export function registerRoomsSocket(ctx: AppContext): void {
  const live = roomsLive(ctx);
  ctx.realtime.onConnection((socket) => {
    const { userId } = socket.data;
    // The account, read on the socket's first entry: a suspension or a deletion closes the socket
    // (realtime's endConnections), so it is not read again on every entry (bench:rooms).
    let account: Awaited<ReturnType<typeof findUserRow>>;

    socket.on('room:enter', async (roomId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        if (!isId(roomId)) throw new Error('invalid id');
        account ??= await findUserRow(ctx.database.db, userId);
        const user = account;
        if (!user || user.suspendedAt) throw new Error('no user');
        const { room, presence } = await loadRoomAndPresence(ctx, user, roomId, 'view');
        await socket.join(liveRoomsOf(room.id, socket.id));
        // Entering a room one is not in yet joins it (without subject or goal), by the join rule:
        // joining announces the person and answers the room. Back in one's room (a reconnect), the
        // presence is touched by `getRoom`. The room's detail is built once (a room of 1,000 people
        // is a thousand rows: bench:rooms).
        if (presence?.roomId !== room.id) {
          reply({ ok: true, room: await joinLoadedRoom(ctx, user, room, presence, {}) });
          return;
        }
        await announcePresence(ctx, room, userId, ctx.clock());
        reply({ ok: true, room: await viewLoadedRoom(ctx, user, room) });
      } catch (error) {
        // The rule's own words (members only, invitation needed), or 'not found'.
        reply({ ok: false, error: error instanceof AppError ? error.message : ROOM_MESSAGES.notFound });
      }
    });

    socket.on('room:leave', async (roomId) => {
      if (!isId(roomId) || !socket.rooms.has(liveRoom(roomId))) return;
      for (const name of liveRoomsOf(roomId, socket.id)) await socket.leave(name);
      await deletePresence(ctx.database.db, userId, roomId).catch(() => undefined);
      live.left(roomId, userId);
    });

    socket.on('disconnecting', () => {
      for (const room of socket.rooms) {
        if (!room.startsWith(LIVE_PREFIX)) continue;
        const roomId = room.slice(LIVE_PREFIX.length);
        live.lost(roomId, userId, async () => {
          await deletePresence(ctx.database.db, userId, roomId);
        });
      }
    });
  });
}
