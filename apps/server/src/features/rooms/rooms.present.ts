import type { Peer, Room, RoomPresent } from '@estudai/contract';
import { roomPhase } from './cycle.ts';
import type { RoomRow } from './rooms.queries.ts';

/** The first word of a display name: all a room shows of a person's name. */
export const firstNameOf = (displayName: string): string => displayName.trim().split(/\s+/)[0] ?? displayName;

export function toRoom(room: RoomRow, now: Date, presentCount: number, viewerId: string): Room {
  const { phase, phaseEndsAt } = roomPhase(room, now);
  return {
    id: room.id,
    kind: room.kind,
    name: room.name,
    focusMinutes: room.focusMinutes,
    breakMinutes: room.breakMinutes,
    phase,
    phaseEndsAt: phaseEndsAt.toISOString(),
    serverNow: now.toISOString(),
    presentCount,
    groupId: room.studyGroupId,
    isOwner: room.ownerId === viewerId,
  };
}

export function toPresent(
  row: {
    userId: string;
    displayName: string;
    avatar: string | null;
    subject: string | null;
    goal: string | null;
  },
  appearance: 'firstNameOnly' | 'full',
  minutesToday: number,
): RoomPresent {
  return {
    userId: row.userId,
    firstName: firstNameOf(row.displayName),
    avatar: row.avatar,
    subject: row.subject as RoomPresent['subject'],
    goal: appearance === 'full' ? row.goal : null,
    minutesToday,
  };
}

export const toPeer = (row: {
  id: string;
  displayName: string;
  username: string;
  avatar: string | null;
}): Peer => ({
  id: row.id,
  displayName: row.displayName,
  username: row.username,
  avatar: row.avatar,
});
