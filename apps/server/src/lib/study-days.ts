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
