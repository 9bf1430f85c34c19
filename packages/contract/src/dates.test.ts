import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addBrasiliaMonths,
  addDays,
  brasiliaDay,
  brasiliaDayStart,
  brasiliaInstant,
  brasiliaOffsetMinutes,
  brasiliaToday,
  brasiliaWallClock,
  brasiliaWeekStart,
  formatBrasilia,
  formatBrasiliaDayMonthTime,
  fromBrasiliaInput,
  fromBrasiliaWallClock,
  toBrasiliaInput,
  weekdayOf,
} from './dates.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the Brasília day of an instant', () => {
  it('turns at 03:00 UTC: 02:59 is still the day before', () => {
    expect(brasiliaDay(new Date('2026-03-10T02:59:59.999Z'))).toBe('2026-03-09');
    expect(brasiliaDay(new Date('2026-03-10T03:00:00.000Z'))).toBe('2026-03-10');
    expect(brasiliaDay('2026-12-31T23:30:00-03:00')).toBe('2026-12-31');
    expect(brasiliaToday(new Date('2027-01-01T02:59:00Z'))).toBe('2026-12-31');
  });

  it('begins at the instant 03:00 UTC today, whatever the day', () => {
    expect(brasiliaDayStart('2026-03-10').toISOString()).toBe('2026-03-10T03:00:00.000Z');
    expect(brasiliaDayStart('2028-02-29').toISOString()).toBe('2028-02-29T03:00:00.000Z');
    expect(brasiliaDay(brasiliaDayStart('2026-03-10'))).toBe('2026-03-10');
    expect(brasiliaDay(brasiliaDayStart('2026-03-10').getTime() - 1)).toBe('2026-03-09');
  });

  it('follows the zone, not a fixed −3: in the summer time of 2018 the day began at 02:00 UTC', () => {
    expect(brasiliaOffsetMinutes('2026-07-01T12:00:00Z')).toBe(-180);
    expect(brasiliaOffsetMinutes('2018-12-01T12:00:00Z')).toBe(-120);
    expect(brasiliaDayStart('2018-12-01').toISOString()).toBe('2018-12-01T02:00:00.000Z');
  });
});

describe('the Brasília wall clock', () => {
  it('reads the fields a clock in Brasília shows', () => {
    expect(brasiliaWallClock('2026-11-26T12:00:05Z')).toEqual({
      year: 2026,
      month: 11,
      day: 26,
      hour: 9,
      minute: 0,
      second: 5,
    });
    expect(brasiliaWallClock('2026-01-01T03:00:00Z').hour).toBe(0);
  });

  it('gives the instant of the fields back', () => {
    const instant = fromBrasiliaWallClock({ year: 2026, month: 11, day: 26, hour: 9, minute: 30 });
    expect(instant.toISOString()).toBe('2026-11-26T12:30:00.000Z');
  });
});

describe('calendar days and weeks', () => {
  it('adds days across months, years and 29 February', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-10', 0)).toBe('2026-03-10');
  });

  it('says the day of the week, Sunday 0', () => {
    expect(weekdayOf('2026-03-08')).toBe(0);
    expect(weekdayOf('2026-03-09')).toBe(1);
    expect(weekdayOf('2026-03-14')).toBe(6);
  });

  it('starts the week on the Monday of the Brasília day', () => {
    // Monday 9 March 2026, 00:00 in Brasília, is 03:00 UTC: a minute before is still Sunday's week.
    expect(brasiliaWeekStart(new Date('2026-03-09T03:00:00Z'))).toBe('2026-03-09');
    expect(brasiliaWeekStart(new Date('2026-03-09T02:59:00Z'))).toBe('2026-03-02');
    expect(brasiliaWeekStart(new Date('2026-03-15T23:00:00-03:00'))).toBe('2026-03-09');
    expect(brasiliaWeekStart(new Date('2026-01-01T12:00:00Z'))).toBe('2025-12-29');
  });
});

describe('months on the Brasília calendar', () => {
  it('keeps the day and the time, or the last day of a shorter month', () => {
    expect(addBrasiliaMonths(new Date('2026-01-15T10:00:00-03:00'), 1).toISOString()).toBe(
      '2026-02-15T13:00:00.000Z',
    );
    expect(addBrasiliaMonths(new Date('2026-01-31T22:30:00-03:00'), 1).toISOString()).toBe(
      '2026-03-01T01:30:00.000Z',
    );
    expect(addBrasiliaMonths(new Date('2027-12-31T10:00:00.250-03:00'), 2).toISOString()).toBe(
      '2028-02-29T13:00:00.250Z',
    );
    expect(addBrasiliaMonths(new Date('2026-03-31T10:00:00-03:00'), -1).toISOString()).toBe(
      '2026-02-28T13:00:00.000Z',
    );
    expect(addBrasiliaMonths(new Date('2026-05-20T10:00:00-03:00'), 36).toISOString()).toBe(
      '2029-05-20T13:00:00.000Z',
    );
  });
});

describe('a datetime-local input on the Brasília clock', () => {
  it('shows an instant as the clock in Brasília reads it', () => {
    expect(toBrasiliaInput('2026-11-26T12:00:00.000Z')).toBe('2026-11-26T09:00');
    expect(toBrasiliaInput(new Date('2026-11-27T02:30:00Z'))).toBe('2026-11-26T23:30');
  });

  it('sends what was typed with the offset written out, and reads it back the same', () => {
    expect(fromBrasiliaInput('2026-11-26T09:00')).toBe('2026-11-26T09:00:00-03:00');
    expect(fromBrasiliaInput('2026-11-26T23:45:30')).toBe('2026-11-26T23:45:30-03:00');
    for (const typed of ['2026-11-26T09:00', '2026-12-31T23:59', '2027-01-01T00:00']) {
      expect(toBrasiliaInput(fromBrasiliaInput(typed))).toBe(typed);
    }
    const instant = '2026-11-26T12:34:00.000Z';
    expect(new Date(fromBrasiliaInput(toBrasiliaInput(instant))).toISOString()).toBe(instant);
  });

  it('gives anything else back as it is, for the schema to refuse', () => {
    expect(fromBrasiliaInput('')).toBe('');
    expect(fromBrasiliaInput('26/11/2026')).toBe('26/11/2026');
  });

  it('is the same wherever the device is', () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(toBrasiliaInput('2026-11-26T12:00:00.000Z')).toBe('2026-11-26T09:00');
    expect(fromBrasiliaInput('2026-11-26T09:00')).toBe('2026-11-26T09:00:00-03:00');
  });
});

describe('brasiliaInstant', () => {
  it('reads a date and time without an offset on the Brasília clock', () => {
    expect(brasiliaInstant('2026-11-26T14:00').toISOString()).toBe('2026-11-26T17:00:00.000Z');
    expect(brasiliaInstant('2026-11-26T14:00:00.500').toISOString()).toBe('2026-11-26T17:00:00.500Z');
  });

  it('keeps an offset or Z that was given', () => {
    expect(brasiliaInstant('2026-11-26T14:00:00Z').toISOString()).toBe('2026-11-26T14:00:00.000Z');
    expect(brasiliaInstant('2026-11-26T14:00:00+01:00').toISOString()).toBe('2026-11-26T13:00:00.000Z');
  });

  it('is invalid for anything else', () => {
    for (const value of ['amanhã', '26/11/2026', '2026-11-26', '']) {
      expect(Number.isNaN(brasiliaInstant(value).getTime())).toBe(true);
    }
  });
});

describe('formatting on the Brasília clock', () => {
  it("writes '26/11 às 09:00'", () => {
    expect(formatBrasiliaDayMonthTime('2026-11-26T12:00:00Z')).toBe('26/11 às 09:00');
    expect(formatBrasiliaDayMonthTime('2026-12-01T02:05:00Z')).toBe('30/11 às 23:05');
  });

  it('formats with pt-BR options in Brasília, whatever the device', () => {
    expect(formatBrasilia('2026-12-03T12:30:00Z', { dateStyle: 'short', timeStyle: 'short' })).toBe(
      '03/12/2026, 09:30',
    );
    expect(formatBrasilia('2026-12-04T02:00:00Z', { dateStyle: 'long' })).toBe('3 de dezembro de 2026');
    expect(formatBrasilia(brasiliaDayStart('2026-11-26'), { weekday: 'short', day: 'numeric' })).toBe(
      'qui., 26',
    );
  });
});
