import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime } from './relative-time.ts';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const minute = 60_000;

describe('formatRelativeTime', () => {
  it("says 'Nm' under an hour", () => {
    expect(formatRelativeTime(ago(30_000), now)).toBe('0m');
    expect(formatRelativeTime(ago(5 * minute), now)).toBe('5m');
    expect(formatRelativeTime(ago(59 * minute + 59_000), now)).toBe('59m');
  });

  it("says 'Nh' from an hour to under a day", () => {
    expect(formatRelativeTime(ago(60 * minute), now)).toBe('1h');
    expect(formatRelativeTime(ago(23 * 60 * minute + 59 * minute), now)).toBe('23h');
  });

  it("says 'Nd' from a day on", () => {
    expect(formatRelativeTime(ago(24 * 60 * minute), now)).toBe('1d');
    expect(formatRelativeTime(ago(9 * 24 * 60 * minute), now)).toBe('9d');
  });

  it('treats a time slightly ahead of the clock as just now', () => {
    expect(formatRelativeTime(ago(-5_000), now)).toBe('0m');
  });
});

describe('formatDateTime', () => {
  it("writes the date and time as pt-BR's long date and short time do", () => {
    const intl = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' });
    for (const date of [
      new Date(2026, 0, 5, 7, 3),
      new Date(2025, 2, 31, 23, 59),
      new Date(2026, 11, 1, 0, 0),
    ]) {
      expect(formatDateTime(date)).toBe(intl.format(date));
    }
    expect(formatDateTime(new Date(2026, 0, 5, 7, 3).toISOString())).toBe('5 de janeiro de 2026 às 07:03');
  });
});
