export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole days, hours, minutes and seconds until the launch; all zeros once it has passed (spec §4). */
export function timeLeft(launchAt: Date | number, now: Date | number): TimeLeft {
  const remaining = Math.max(0, Number(launchAt) - Number(now));
  // Rounded down to the second, so the display reads 0 exactly when the launch arrives.
  const total = Math.floor(remaining / SECOND) * SECOND;
  return {
    days: Math.floor(total / DAY),
    hours: Math.floor((total % DAY) / HOUR),
    minutes: Math.floor((total % HOUR) / MINUTE),
    seconds: Math.floor((total % MINUTE) / SECOND),
  };
}

export const hasLaunched = (launchAt: Date | number, now: Date | number) => Number(now) >= Number(launchAt);
