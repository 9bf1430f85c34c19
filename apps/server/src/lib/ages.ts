import {
  ADULT_AGE,
  ageOn,
  brasiliaToday,
  brasiliaWallClock,
  MIN_SIGNUP_AGE,
  MINOR_QUIET_HOURS,
  type PrivacySettings,
  SUPERVISION_AGE,
} from '@estudai/contract';

// Ages as the protective rules of issue 25 see them (docs/decisions/016), as pure functions: the
// clock is passed in. A day is a Brasília day, like the study statistics' (decision 005).

/**
 * 'unknown': no birth date yet (accounts from before it was asked); 'child': under 12, never
 * signed up alone; 'young': 12–15, needs a confirmed guardian; 'teen': 16–17; 'adult'.
 */
export type AgeBand = 'unknown' | 'child' | 'young' | 'teen' | 'adult';

export function ageBand(birthDate: string | null, now: Date): AgeBand {
  if (!birthDate) return 'unknown';
  const age = ageOn(birthDate, brasiliaToday(now));
  if (age < MIN_SIGNUP_AGE) return 'child';
  if (age < SUPERVISION_AGE) return 'young';
  if (age < ADULT_AGE) return 'teen';
  return 'adult';
}

export const isMinorBand = (band: AgeBand) => band === 'child' || band === 'young' || band === 'teen';

export const ageIn = (birthDate: string, now: Date) => ageOn(birthDate, brasiliaToday(now));

/** People born after this 'YYYY-MM-DD' are minors today (for SQL filters on birth_date). */
export function adultBornOnOrBefore(now: Date): string {
  const [year, month, day] = brasiliaToday(now).split('-');
  // 29 February: whoever was born then is an adult from 1 March of their 18th year (see ageOn).
  return `${Number(year) - ADULT_AGE}-${month}-${day === '29' && month === '02' ? '28' : day}`;
}

/** Web Push to a minor waits out 22:00–07:00 Brasília time (the hour is a Brasília clock's). */
export const isMinorQuietHour = (hour: number) =>
  hour >= MINOR_QUIET_HOURS.from || hour < MINOR_QUIET_HOURS.until;

/**
 * Whether `now` is a quiet hour for this person: a minor, between 22:00 and 07:00 Brasília time. The
 * one check for every push and every pass that writes to people (league celebrations, essay reminders).
 */
export const isQuietForMinor = (birthDate: string | null, now: Date) =>
  isMinorQuietAt(now) && isMinorBand(ageBand(birthDate, now));

/** Whether `now` falls in the minors' quiet hours at all (no one to look up otherwise). */
export const isMinorQuietAt = (now: Date) => isMinorQuietHour(brasiliaWallClock(now).hour);

/** The protective defaults of a minor, and the open ones of everyone else. */
export function defaultPrivacy(isMinor: boolean): PrivacySettings {
  return { profileVisibility: isMinor ? 'followers' : 'public', allowAdultChat: true, discoverable: true };
}

/** Whether `next` is less strict than `floor` on any setting. */
export function isLooser(next: PrivacySettings, floor: PrivacySettings): boolean {
  return (
    (next.profileVisibility === 'public' && floor.profileVisibility === 'followers') ||
    (next.allowAdultChat && !floor.allowAdultChat) ||
    (next.discoverable && !floor.discoverable)
  );
}
