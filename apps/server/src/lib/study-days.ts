import { addDays, brasiliaDay, brasiliaDayStart, brasiliaWallClock } from '@estudai/contract';

// Study days are Brasília days (decision 005), read through the contract's one date module.

/** The calendar day in Brasília time of an instant, as 'YYYY-MM-DD'. */
export const studyDay = (instant: Date): string => brasiliaDay(instant);

/** The day before a 'YYYY-MM-DD' day. */
export const previousDay = (day: string): string => addDays(day, -1);

/** The day after a 'YYYY-MM-DD' day. */
export const nextDay = (day: string): string => addDays(day, 1);

/**
 * Consecutive days with activity ending today, or yesterday when today has none yet (the streak
 * is still alive until the day ends). `days` are distinct, newest first.
 */
export function streakLength(days: string[], today: string): number {
  let expected = days[0] === today ? today : previousDay(today);
  let streak = 0;
  for (const day of days) {
    if (day > expected) continue;
    if (day !== expected) break;
    streak++;
    expected = previousDay(expected);
  }
  return streak;
}

/** The instant a 'YYYY-MM-DD' Brasília day begins. */
export const studyDayStart = (day: string): Date => brasiliaDayStart(day);

/** The hour (0-23) on a Brasília clock at `instant`. */
export const studyHour = (instant: Date): number => brasiliaWallClock(instant).hour;
