import { STUDY_TIME_ZONE } from '@estudai/contract';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: STUDY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Brasília time of an instant, as 'YYYY-MM-DD'. */
export const studyDay = (instant: Date): string => dayFormat.format(instant);

/** The day before a 'YYYY-MM-DD' day. */
export function previousDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

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

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: STUDY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Minutes Brasília time is ahead of UTC at `instant` (-180 today). */
function offsetMinutes(instant: Date): number {
  const part = (type: string) =>
    Number(partsFormat.formatToParts(instant).find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((local - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a 'YYYY-MM-DD' Brasília day begins. */
export function studyDayStart(day: string): Date {
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  return new Date(midnightUtc.getTime() - offsetMinutes(midnightUtc) * 60_000);
}

/** The day after a 'YYYY-MM-DD' day. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The hour (0-23) on a Brasília clock at `instant`. */
export const studyHour = (instant: Date): number =>
  Number(partsFormat.formatToParts(instant).find((p) => p.type === 'hour')?.value ?? 0);
