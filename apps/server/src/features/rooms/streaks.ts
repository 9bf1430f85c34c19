import {
  addDays,
  STREAK_DAY_ACTIVITIES,
  STREAK_DAY_MINUTES,
  STREAK_FREEZES_PER_WEEK,
  weekdayOf,
} from '@estudai/contract';

/** What one Brasília day holds for the streak. */
export interface DayActivity {
  verifiedMinutes: number;
  /** Answers (each quiz question counts) and reviews. */
  activities: number;
}

/** A day counts with 25 verified minutes or 10 answers and reviews. */
const dayCounts = (activity: DayActivity | undefined): boolean =>
  Boolean(
    activity &&
      (activity.verifiedMinutes >= STREAK_DAY_MINUTES || activity.activities >= STREAK_DAY_ACTIVITIES),
  );

/** The Monday of a 'YYYY-MM-DD' day's week. */
const weekOf = (day: string) => addDays(day, -((weekdayOf(day) + 6) % 7));

/**
 * The 'ofensiva' at `today`, played forward from `lookbackDays` ago: a counted day adds one; a missed
 * day while a streak runs spends that week's one 'congelamento' by itself (the streak goes on, not
 * up), or ends the streak when the week's freeze is gone. Today is not over: not yet counting, it
 * ends nothing. `freezesLeft` is what this week still has.
 */
export function streakAt(byDay: Map<string, DayActivity>, today: string, lookbackDays = 400) {
  const used = new Set<string>();
  let days = 0;
  for (let day = addDays(today, -lookbackDays); day < today; day = addDays(day, 1)) {
    if (dayCounts(byDay.get(day))) days++;
    else if (days > 0 && !used.has(weekOf(day))) used.add(weekOf(day));
    else days = 0;
  }
  if (dayCounts(byDay.get(today))) days++;
  return {
    days,
    freezesLeft: used.has(weekOf(today)) ? STREAK_FREEZES_PER_WEEK - 1 : STREAK_FREEZES_PER_WEEK,
  };
}

/** Consecutive days, ending today or yesterday and not before `since`, on which every one of `people` counted. */
export function sharedStreak(people: Map<string, DayActivity>[], today: string, since: string): number {
  const all = (day: string) => people.every((byDay) => dayCounts(byDay.get(day)));
  let day = all(today) ? today : addDays(today, -1);
  let days = 0;
  while (day >= since && all(day)) {
    days++;
    day = addDays(day, -1);
  }
  return days;
}
