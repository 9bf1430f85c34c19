import { formatBrasilia } from './dates.ts';

// The launch of spec §1/§4/§9 and its countdown. The landing page ticks it every second; the server
// fills the same figures into the first screen it sends (apps/server/src/plugins/landing-page.ts).

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export const COUNTDOWN_UNITS = [
  'days',
  'hours',
  'minutes',
  'seconds',
] as const satisfies readonly (keyof TimeLeft)[];

/** The countdown as it reads: each unit with at least two digits ('03', '120'). */
export type CountdownDigits = Record<keyof TimeLeft, string>;

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

export function countdownDigits(launchAt: Date | number, now: Date | number): CountdownDigits {
  const left = timeLeft(launchAt, now);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    days: pad(left.days),
    hours: pad(left.hours),
    minutes: pad(left.minutes),
    seconds: pad(left.seconds),
  };
}

export const hasLaunched = (launchAt: Date | number, now: Date | number) => Number(now) >= Number(launchAt);

/** The launch badge before the launch: 'Lançamento em 1 de novembro de 2025' (the day in Brasília). */
export const launchBadgeText = (launchAt: Date) =>
  `Lançamento em ${formatBrasilia(launchAt, { day: 'numeric', month: 'long', year: 'numeric' })}`;

/** The badge once the launch has passed. */
export const LAUNCHED_BADGE_TEXT = 'Já estamos no ar!';

/**
 * The landing's first screen is rendered at build time with these marks in place of what changes
 * (apps/web/src/features/landing/prerender.tsx); the server writes the values in for each visitor.
 */
export const LANDING_SLOTS = {
  launchAt: '{{launchAt}}',
  launchBadge: '{{launchBadge}}',
  days: '{{days}}',
  hours: '{{hours}}',
  minutes: '{{minutes}}',
  seconds: '{{seconds}}',
  /** 'true' when 'Testar Demo' opens the demo account, 'false' when there is none (issue 36). */
  demo: '{{demo}}',
} as const satisfies Record<'launchAt' | 'launchBadge' | 'demo' | keyof TimeLeft, string>;
