import type { Peer, Room, RoomPresent } from '@estudai/contract';
import { roomAppearance } from '../../access/index.ts';
import { ageBand, isMinorBand } from '../../lib/ages.ts';
import { roomPhase } from './cycle.ts';
import type { PresentInRow, RoomRow } from './rooms.queries.ts';

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

function toPresent(
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

/**
 * A person present in a room, as read, with whether they are a minor now and what everyone else in
 * the room sees of them (null: nothing, they study invisibly): worked out once per read, not once per
 * person per viewer (a room of 1,000 people and 50 entries a second: bench:rooms).
 */
export type PresentRow = PresentInRow & { isMinor: boolean; shown: RoomPresent | null };

export function toPresentRow(row: PresentInRow, kind: RoomRow['kind'], now: Date): PresentRow {
  const isMinor = isMinorBand(ageBand(row.birthDate, now));
  const appearance = roomAppearance({ kind, isMinor, invisible: row.invisible, isViewer: false });
  return {
    ...row,
    isMinor,
    shown: appearance === 'hidden' ? null : toPresent(row, appearance, row.minutesToday),
  };
}

/** The room's people as `viewerId` sees them, how many others see there, and whether the viewer is in it. */
export function presentFor(rows: PresentRow[], kind: RoomRow['kind'], viewerId: string) {
  const present: RoomPresent[] = [];
  let count = 0;
  let joined = false;
  for (const row of rows) {
    if (row.userId !== viewerId) {
      if (row.shown) {
        present.push(row.shown);
        count += 1;
      }
      continue;
    }
    // One's own row: seen in full, even studying invisibly (and then not counted).
    joined = true;
    const appearance = roomAppearance({
      kind,
      isMinor: row.isMinor,
      invisible: row.invisible,
      isViewer: true,
    });
    if (appearance === 'hidden') continue;
    present.push(toPresent(row, appearance, row.minutesToday));
    if (!row.invisible) count += 1;
  }
  return { present, count, joined };
}
