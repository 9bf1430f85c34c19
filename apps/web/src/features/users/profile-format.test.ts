import { describe, expect, it } from 'vitest';
import { firstName, formatHours, formatRating, formatStudyTime } from './profile-format.ts';

describe('profile formats', () => {
  it("shows study time as 'Ym' under an hour and 'Xh Ym' from an hour up (spec §9)", () => {
    expect(formatStudyTime(0)).toBe('0m');
    expect(formatStudyTime(45)).toBe('45m');
    expect(formatStudyTime(60)).toBe('1h 0m');
    expect(formatStudyTime(135)).toBe('2h 15m');
    expect(formatStudyTime(59.9)).toBe('59m');
  });

  it('writes hours and ratings with a decimal comma', () => {
    expect(formatHours(4.7)).toBe('4,7h');
    expect(formatHours(12)).toBe('12h');
    expect(formatRating(4.5)).toBe('4,5/5');
  });

  it('takes the first name for the posts tab', () => {
    expect(firstName('  Carla Mendes ')).toBe('Carla');
  });
});
