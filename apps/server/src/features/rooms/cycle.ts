import type { RoomPhase } from '@estudai/contract';

const MINUTE_MS = 60_000;

/**
 * The room's shared pomodoro at `now`: cycles of `focusMinutes` then `breakMinutes` from the room's
 * start instant, on the server's clock. Everyone asking at the same instant gets the same phase and
 * end, whatever their own clock says (the client corrects its countdown by the measured offset).
 */
export function roomPhase(
  room: { cycleStartedAt: Date; focusMinutes: number; breakMinutes: number },
  now: Date,
): { phase: RoomPhase; phaseEndsAt: Date } {
  const focus = room.focusMinutes * MINUTE_MS;
  const cycle = focus + room.breakMinutes * MINUTE_MS;
  const elapsed = (((now.getTime() - room.cycleStartedAt.getTime()) % cycle) + cycle) % cycle;
  const cycleStart = now.getTime() - elapsed;
  return elapsed < focus
    ? { phase: 'focus', phaseEndsAt: new Date(cycleStart + focus) }
    : { phase: 'break', phaseEndsAt: new Date(cycleStart + cycle) };
}
