import {
  type CreateRoomInput,
  type JoinRoomInput,
  ROOM_INVITE_DAYS,
  ROOM_MESSAGES,
  ROOMS_PAGE_SIZE,
  type RoomDetail,
  type RoomListQuery,
  type RoomReaction,
  type RoomSettings,
} from '@estudai/contract';
import {
  areMutualFollowers,
  blockBetween,
  findVisibleUser,
  groupAccess,
  groupIdsOf,
  hasRoomInvite,
  type RoomFacts,
  requireGroupOwner,
  roomInviteRefusal,
  roomRefusal,
  teachesStudent,
  throwRefusal,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ageBand, isMinorBand } from '../../lib/ages.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { nextDay, studyDay, studyDayStart } from '../../lib/study-days.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { liveRoom, roomsLive } from './rooms.live.ts';
import { firstNameOf, type PresentRow, presentFor, toPresentRow, toRoom } from './rooms.present.ts';
import {
  deletePresence,
  ensureGroupRooms,
  ensurePublicRooms,
  findGroupRoom,
  findRoomAndPresence,
  findSettings,
  insertReaction,
  insertRoom,
  joinPresence,
  listRooms,
  type PresenceRow,
  presentCounts,
  presentIn,
  type RoomRow,
  type RoomScope,
  recentReactions,
  setGroupLeague,
  touchPresence,
  upsertInvite,
  upsertSettings,
} from './rooms.queries.ts';

/** Someone seen in the last two minutes is in the room (a heartbeat, the room's screen, the socket). */
const PRESENT_WINDOW_MS = 2 * 60_000;

/** The Brasília day of `now`, as the instants it runs between. */
function todayOf(now: Date) {
  const today = studyDay(now);
  return { from: studyDayStart(today), to: studyDayStart(nextDay(today)) };
}
/** The reactions a room's screen shows: the last minute's. */
const REACTIONS_SHOWN_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

const isMinor = (birthDate: string | null, now: Date) => isMinorBand(ageBand(birthDate, now));

type Presence = PresenceRow | undefined;

/** What the rule of access/rooms.ts needs to know about the viewer and a room. */
async function roomFacts(
  db: Tx,
  room: RoomRow,
  viewer: SessionUser,
  presence: Presence,
  now: Date,
): Promise<RoomFacts> {
  return {
    kind: room.kind,
    isOwner: room.ownerId === viewer.id,
    groupAccess:
      room.kind === 'group' && room.studyGroupId
        ? (await groupAccess(db, room.studyGroupId, viewer.id, now)).canAccess
        : false,
    invited: room.kind === 'private' ? await hasRoomInvite(db, room.id, viewer.id, now) : false,
    present: presence?.roomId === room.id,
  };
}

/**
 * The room if the viewer may `action` it (unknown 404, else the rule's refusal), with the room the
 * viewer is in now (their presence, any room).
 */
export async function loadRoomAndPresence(
  ctx: AppContext,
  viewer: SessionUser,
  id: string,
  action: 'view' | 'join',
): Promise<{ room: RoomRow; presence: Presence }> {
  const { db } = ctx.database;
  const found = isUuid(id) ? await findRoomAndPresence(db, id, viewer.id) : undefined;
  if (!found) throw notFound(ROOM_MESSAGES.notFound);
  const { room, presence } = found;
  throwRefusal(roomRefusal(await roomFacts(db, room, viewer, presence, ctx.clock()), action));
  return { room, presence };
}

/** The room if the viewer may `action` it: unknown 404, else the rule's refusal. */
export async function loadRoom(
  ctx: AppContext,
  viewer: SessionUser,
  id: string,
  action: 'view' | 'join',
): Promise<RoomRow> {
  return (await loadRoomAndPresence(ctx, viewer, id, action)).room;
}

const encodeCursor = (room: RoomRow) =>
  Buffer.from(JSON.stringify([room.createdAt.toISOString(), room.id])).toString('base64url');

function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const createdAt = new Date(at);
    if (Number.isNaN(createdAt.getTime()) || typeof id !== 'string' || !isUuid(id)) throw new Error('bad');
    return { createdAt, id };
  } catch {
    throw badRequest(ROOM_MESSAGES.cursorInvalid);
  }
}

/** `GET /api/rooms?kind=&cursor=`: public rooms, the viewer's groups' rooms or their private rooms. */
export async function listRoomsFor(ctx: AppContext, viewer: SessionUser, query: RoomListQuery) {
  const { db } = ctx.database;
  const now = ctx.clock();
  const after = decodeCursor(query.cursor);
  let scope: RoomScope;
  if (query.kind === 'public') {
    await ensurePublicRooms(db, now);
    scope = { kind: 'public' };
  } else if (query.kind === 'group') {
    const groupIds = await groupIdsOf(db, viewer.id);
    await ensureGroupRooms(db, groupIds, now);
    scope = { kind: 'group', groupIds };
  } else {
    scope = { kind: 'private', userId: viewer.id, now };
  }
  const rows = await listRooms(db, scope, after, ROOMS_PAGE_SIZE + 1);
  const page = rows.slice(0, ROOMS_PAGE_SIZE);
  const counts = await presentCounts(
    db,
    page.map((room) => room.id),
    new Date(now.getTime() - PRESENT_WINDOW_MS),
  );
  const last = page.at(-1);
  return {
    data: page.map((room) => toRoom(room, now, counts.get(room.id) ?? 0, viewer.id)),
    hasMore: rows.length > ROOMS_PAGE_SIZE,
    nextCursor: rows.length > ROOMS_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}

/** `POST /api/rooms`: a private room of the viewer's, its cycle starting now. */
export async function createRoom(ctx: AppContext, viewer: SessionUser, input: CreateRoomInput) {
  const now = ctx.clock();
  const room = await insertRoom(ctx.database.db, {
    kind: 'private',
    name: input.name,
    ownerId: viewer.id,
    focusMinutes: input.focusMinutes,
    breakMinutes: input.breakMinutes,
    cycleStartedAt: now,
    createdAt: now,
  });
  return toRoom(room, now, 0, viewer.id);
}

/** `GET /api/rooms/{id}`: the room, its shared phase, who is in it now and the last minute's cheers. */
export async function getRoom(ctx: AppContext, viewer: SessionUser, id: string): Promise<RoomDetail> {
  return viewLoadedRoom(ctx, viewer, await loadRoom(ctx, viewer, id, 'view'));
}

/** The detail of a room `loadRoom` gave: the viewer, if in it, is seen there now. */
export async function viewLoadedRoom(
  ctx: AppContext,
  viewer: SessionUser,
  room: RoomRow,
): Promise<RoomDetail> {
  const now = ctx.clock();
  const inRoom = await touchPresence(ctx.database.db, viewer.id, now, room.id);
  return roomDetail(ctx, room, viewer, now, inRoom);
}

/** Everyone present in the room now (this process's read of the batch's second: rooms.snapshot.ts). */
async function presentRows(
  ctx: AppContext,
  room: RoomRow,
  now: Date,
  userId?: string,
): Promise<PresentRow[]> {
  const rows = await presentIn(
    ctx.database.db,
    room.id,
    new Date(now.getTime() - PRESENT_WINDOW_MS),
    todayOf(now),
    userId,
  );
  return rows.map((row) => toPresentRow(row, room.kind, now));
}

/** The room as `viewer` sees it; `viewerIn`: the viewer is in it now (their own row is never stale). */
async function roomDetail(
  ctx: AppContext,
  room: RoomRow,
  viewer: SessionUser,
  now: Date,
  viewerIn: boolean,
): Promise<RoomDetail> {
  const { db } = ctx.database;
  const { snapshots, reactions: reactionsCache } = roomsLive(ctx);
  let rows = await snapshots.rows(room.id, now, () => presentRows(ctx, room, now));
  if (viewerIn && !rows.some((row) => row.userId === viewer.id)) {
    // Back after more than the presence window, within the second of the room's last read.
    const [own] = await presentRows(ctx, room, now, viewer.id);
    if (own) {
      snapshots.present(room.id, own);
      rows = [...rows, own];
    }
  }
  const { present, count, joined } = presentFor(rows, room.kind, viewer.id);
  const reactions = (
    await reactionsCache.rows(room.id, now, () =>
      recentReactions(db, room.id, new Date(now.getTime() - REACTIONS_SHOWN_MS)),
    )
  ).filter((row) => !row.invisible || row.userId === viewer.id);
  return {
    ...toRoom(room, now, count, viewer.id),
    present,
    joined,
    reactions: reactions.map((row) => ({
      userId: row.userId,
      firstName: firstNameOf(row.displayName),
      reaction: row.reaction,
      at: row.at.toISOString(),
    })),
  };
}

/**
 * `userId`'s row in the room now (undefined: not there) goes into this process's rows of the room,
 * and to the room's live sockets as the others see it (nothing for someone invisible).
 */
function announce(ctx: AppContext, room: RoomRow, userId: string, row: PresentRow | undefined): void {
  const live = roomsLive(ctx);
  if (!row) {
    live.snapshots.gone(room.id, userId);
    return;
  }
  live.snapshots.present(room.id, row);
  if (row.shown) live.joined(room.id, row.shown);
}

/** Tells the room's live sockets that `userId` is in it (back in it: a reconnect). */
export async function announcePresence(ctx: AppContext, room: RoomRow, userId: string, now: Date) {
  // The person's own row, not the room's (a room of 1,000: bench:rooms).
  const [row] = await presentRows(ctx, room, now, userId);
  announce(ctx, room, userId, row);
}

/** `POST /api/rooms/{id}/join`: in this room (out of any other), studying a subject toward a goal. */
export async function joinRoom(ctx: AppContext, viewer: SessionUser, id: string, input: JoinRoomInput) {
  const { room, presence } = await loadRoomAndPresence(ctx, viewer, id, 'join');
  return joinLoadedRoom(ctx, viewer, room, presence, input);
}

/**
 * Joins a room `loadRoomAndPresence` gave (whoever may view a room may join it: access/rooms.ts);
 * `previous`: the viewer's presence before, in any room.
 */
export async function joinLoadedRoom(
  ctx: AppContext,
  viewer: SessionUser,
  room: RoomRow,
  previous: Presence,
  input: JoinRoomInput,
) {
  const now = ctx.clock();
  const row = await joinPresence(
    ctx.database.db,
    {
      userId: viewer.id,
      roomId: room.id,
      subject: input.subject ?? null,
      goal: input.goal?.length ? input.goal : null,
      now,
    },
    todayOf(now),
  );
  if (previous && previous.roomId !== room.id) roomsLive(ctx).left(previous.roomId, viewer.id);
  announce(ctx, room, viewer.id, row && toPresentRow(row, room.kind, now));
  return roomDetail(ctx, room, viewer, now, true);
}

/** `POST /api/rooms/{id}/leave`. */
export async function leaveRoom(ctx: AppContext, viewer: SessionUser, id: string) {
  const room = await loadRoom(ctx, viewer, id, 'view');
  const left = await deletePresence(ctx.database.db, viewer.id, room.id);
  if (!left) throw forbidden(ROOM_MESSAGES.notInRoom);
  roomsLive(ctx).left(room.id, viewer.id);
  return { roomId: room.id, left: true as const };
}

/** `POST /api/rooms/{id}/invites {userId}`: the owner invites a mutual follower for a week. */
export async function inviteToRoom(ctx: AppContext, viewer: SessionUser, id: string, userId: string) {
  const { db } = ctx.database;
  const now = ctx.clock();
  const room = await loadRoom(ctx, viewer, id, 'view');
  const invitee = await findVisibleUser(db, viewer, userId).catch(() => {
    throw notFound(ROOM_MESSAGES.userNotFound);
  });
  const block = await blockBetween(db, viewer.id, invitee.id);
  throwRefusal(
    roomInviteRefusal({
      kind: room.kind,
      inviterIsOwner: room.ownerId === viewer.id,
      self: invitee.id === viewer.id,
      blocked: block.viewerBlocked || block.blockedViewer,
      mutualFollowers: await areMutualFollowers(db, viewer.id, invitee.id),
      inviteeIsMinor: isMinor(invitee.birthDate, now),
      inviterIsMinor: isMinor(viewer.birthDate, now),
      inviterTeachesInvitee: await teachesStudent(db, viewer.id, invitee.id),
    }),
  );
  const invite = await upsertInvite(db, {
    roomId: room.id,
    inviterId: viewer.id,
    inviteeId: invitee.id,
    expiresAt: new Date(now.getTime() + ROOM_INVITE_DAYS * DAY_MS),
    now,
  });
  return { id: invite.id, userId: invitee.id, expiresAt: invite.expiresAt.toISOString() };
}

/** `POST /api/rooms/{id}/reactions`: a preset cheer from someone in the room (the limit is the route's). */
export async function reactInRoom(ctx: AppContext, viewer: SessionUser, id: string, reaction: RoomReaction) {
  const { db } = ctx.database;
  const { room, presence } = await loadRoomAndPresence(ctx, viewer, id, 'view');
  if (presence?.roomId !== room.id) throw forbidden(ROOM_MESSAGES.notInRoom);
  const now = ctx.clock();
  await insertReaction(db, { roomId: room.id, userId: viewer.id, reaction, now });
  roomsLive(ctx).reactions.forget(room.id);
  const item = {
    userId: viewer.id,
    firstName: firstNameOf(viewer.displayName),
    reaction,
    at: now.toISOString(),
  };
  // Someone studying invisibly cheers without showing up on the others' screens.
  if (!(await findSettings(db, viewer.id)).invisible)
    ctx.realtime.toRoom(liveRoom(room.id), 'room:reaction', { roomId: room.id, ...item });
  return item;
}

export function getRoomSettings(ctx: AppContext, viewer: SessionUser): Promise<RoomSettings> {
  return findSettings(ctx.database.db, viewer.id);
}

/** 'Estudar invisível' and the leagues of one's groups. */
export async function updateRoomSettings(
  ctx: AppContext,
  viewer: SessionUser,
  input: Partial<RoomSettings>,
): Promise<RoomSettings> {
  const { db } = ctx.database;
  const next = { ...(await findSettings(db, viewer.id)), ...input };
  await upsertSettings(db, viewer.id, next);
  if (input.invisible !== undefined) {
    const live = roomsLive(ctx);
    live.snapshots.forgetUser(viewer.id);
    live.reactions.forgetUser(viewer.id);
  }
  return next;
}

/** The group owner turns the group's weekly league on or off. */
export async function setGroupLeagueEnabled(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  enabled: boolean,
) {
  const { db } = ctx.database;
  await requireGroupOwner(db, groupId, viewer.id);
  await ensureGroupRooms(db, [groupId], ctx.clock());
  const room = await findGroupRoom(db, groupId);
  if (!room) throw notFound(ROOM_MESSAGES.notFound);
  await setGroupLeague(db, room.id, enabled);
  return { enabled };
}
