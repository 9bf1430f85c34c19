import { describe, expect, it } from 'vitest';
import { LAUNCH_AT_DEFAULT } from './constants.ts';
import {
  countdownDigits,
  hasLaunched,
  LAUNCHED_BADGE_TEXT,
  launchBadgeText,
  timeLeft,
} from './launch.constants.ts';

const launch = new Date(LAUNCH_AT_DEFAULT);

describe('countdown (spec §4)', () => {
  it('launches on 1 November 2025 at 00:00 in Brasília (UTC-3)', () => {
    expect(launch.toISOString()).toBe('2025-11-01T03:00:00.000Z');
  });

  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = new Date('2025-10-29T22:58:30-03:00');
    expect(timeLeft(launch, now)).toEqual({ days: 2, hours: 1, minutes: 1, seconds: 30 });
  });

  it('rounds down to the whole second', () => {
    expect(timeLeft(launch, launch.getTime() - 1_999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(timeLeft(launch, launch.getTime() - 999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('counts more than a month in days', () => {
    expect(timeLeft(launch, new Date('2025-09-01T00:00:00-03:00')).days).toBe(61);
  });

  it('shows all zeros at and after the launch', () => {
    const zeros = { days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(timeLeft(launch, launch)).toEqual(zeros);
    expect(timeLeft(launch, new Date('2026-11-21T12:00:00Z'))).toEqual(zeros);
  });

  it('tells whether the launch has happened', () => {
    expect(hasLaunched(launch, launch.getTime() - 1)).toBe(false);
    expect(hasLaunched(launch, launch)).toBe(true);
  });

  it('reads with two digits at least per unit', () => {
    expect(countdownDigits(launch, launch.getTime() - ((3 * 24 + 4) * 3_600 + 5 * 60 + 9) * 1_000)).toEqual({
      days: '03',
      hours: '04',
      minutes: '05',
      seconds: '09',
    });
    expect(countdownDigits(launch, new Date('2025-06-01T00:00:00-03:00')).days).toBe('153');
  });

  it('names the launch day as Brasília sees it', () => {
    expect(launchBadgeText(launch)).toBe('Lançamento em 1 de novembro de 2025');
    // 23:30 on 31 October in Brasília is already 1 November in UTC.
    expect(launchBadgeText(new Date('2025-10-31T23:30:00-03:00'))).toBe(
      'Lançamento em 31 de outubro de 2025',
    );
    expect(LAUNCHED_BADGE_TEXT).toBe('Já estamos no ar!');
  });
});
