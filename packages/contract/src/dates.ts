// Dates on the Brasília clock, for both sides: the IANA zone America/Sao_Paulo read through Intl,
// never a fixed offset. Brazil has kept UTC−3 all year since 2019, so today every result equals
// what '-03:00' gives; the zone's own rules decide, should that change (or for a date before 2019).
//
// A 'day' is a calendar day as 'YYYY-MM-DD'; an 'instant' a Date, an ISO string or epoch
// milliseconds. Formatters are built on first use: building one loads its locale's data, which
// a screen that never shows a date should not pay for.

export const BRASILIA_TIME_ZONE = 'America/Sao_Paulo';

export type Instant = Date | string | number;

/** The Brasília wall clock at an instant: month 1–12, hour 0–23. */
export interface BrasiliaWallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const toDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));
const two = (value: number) => String(value).padStart(2, '0');

// Nothing runs when the module loads (no call at its top level): a bundle that imports one
// function of it leaves the rest out.
let dayFormatter: Intl.DateTimeFormat | undefined;
let wallClockFormatter: Intl.DateTimeFormat | undefined;

/** 'YYYY-MM-DD' (en-CA writes dates the ISO way). */
const dayFormat = () =>
  (dayFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BRASILIA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

const wallClockFormat = () =>
  (wallClockFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BRASILIA_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }));

/** The year, month, day, hour, minute and second a clock in Brasília shows at `instant`. */
export function brasiliaWallClock(instant: Instant): BrasiliaWallClock {
  const fields: Record<string, number> = {};
  for (const part of wallClockFormat().formatToParts(toDate(instant))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? 0,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    // Some engines write midnight as 24 even with h23.
    hour: (fields.hour ?? 0) % 24,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

/** Minutes the Brasília clock is ahead of UTC at `instant`: −180 since 2019. */
export function brasiliaOffsetMinutes(instant: Instant): number {
  const time = toDate(instant).getTime();
  const wall = brasiliaWallClock(time);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(time / 1000) * 1000) / MINUTE_MS);
}

/** An offset in minutes as ISO 8601 writes it: −180 → '-03:00'. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${two(Math.floor(absolute / 60))}:${two(absolute % 60)}`;
}

/**
 * The instant a Brasília clock shows these fields. A time the clock skipped (the start of summer
 * time, before 2019) is read with the offset after the change; a repeated one as its first pass.
 */
export function fromBrasiliaWallClock(fields: {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}): Date {
  const asUtc = Date.UTC(
    fields.year,
    fields.month - 1,
    fields.day,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  const first = asUtc - brasiliaOffsetMinutes(asUtc) * MINUTE_MS;
  const second = asUtc - brasiliaOffsetMinutes(first) * MINUTE_MS;
  return new Date(second);
}

// Calendar days ('YYYY-MM-DD'): plain calendar arithmetic, the same in every zone.

function dayFields(day: string): { year: number; month: number; day: number } {
  const [year = Number.NaN, month = Number.NaN, date = Number.NaN] = day.split('-').map(Number);
  return { year, month, day: date };
}

const dayOfUtcDate = (date: Date) => date.toISOString().slice(0, 10);

/** The Brasília calendar day of an instant, as 'YYYY-MM-DD' (today's without one). */
export const brasiliaDay = (instant: Instant = new Date()): string => dayFormat().format(toDate(instant));

/** Today in Brasília as 'YYYY-MM-DD' (ages change at Brasília midnight). */
export const brasiliaToday = (now: Date = new Date()): string => brasiliaDay(now);

/** The instant a Brasília day begins: '2026-03-10' → 2026-03-10T03:00:00Z. */
export const brasiliaDayStart = (day: string): Date => fromBrasiliaWallClock(dayFields(day));

/** A day `days` later (earlier when negative): ('2026-02-28', 1) → '2026-03-01'. */
export function addDays(day: string, days: number): string {
  const { year, month, day: date } = dayFields(day);
  return dayOfUtcDate(new Date(Date.UTC(year, month - 1, date) + days * DAY_MS));
}

/** The day of the week of a day: 0 for Sunday to 6 for Saturday. */
export function weekdayOf(day: string): number {
  const { year, month, day: date } = dayFields(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** The Monday that starts the Brasília week of an instant (today's without one), as 'YYYY-MM-DD'. */
export function brasiliaWeekStart(instant: Instant = new Date()): string {
  const day = brasiliaDay(instant);
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/**
 * `months` calendar months after an instant, on the Brasília calendar and clock: 31 January at
 * 22:00 plus one month is 28 (or 29) February at 22:00, as payment providers count.
 */
export function addBrasiliaMonths(from: Instant, months: number): Date {
  const start = toDate(from);
  const wall = brasiliaWallClock(start);
  const monthIndex = wall.year * 12 + (wall.month - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const moved = fromBrasiliaWallClock({ ...wall, year, month, day: Math.min(wall.day, lastDay) });
  // The wall clock has whole seconds; the milliseconds come along as they were.
  return new Date(moved.getTime() + (start.getTime() - Math.floor(start.getTime() / 1000) * 1000));
}

// The date and time inputs of forms (`<input type="datetime-local">`): typed on the Brasília clock,
// whatever the device's zone, since an instant a whole group shares reads the same for everyone.

/** The value of a datetime-local input for an instant, on the Brasília clock: '2026-11-26T09:00'. */
export function toBrasiliaInput(instant: Instant): string {
  const { year, month, day, hour, minute } = brasiliaWallClock(instant);
  return `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}`;
}

/** 'YYYY-MM-DDTHH:mm', with seconds and their fraction or without: a date and time without an offset. */
const WALL_CLOCK_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/;

/** A date and time without an offset, read on the Brasília clock: its instant and the ISO text of it. */
function readWallClockInput(value: string): { instant: Date; iso: string } | null {
  const match = WALL_CLOCK_INPUT.exec(value);
  if (!match) return null;
  const [, year = '', month = '', day = '', hour = '', minute = '', second = '00', fraction = ''] = match;
  const wall = fromBrasiliaWallClock({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
  });
  if (Number.isNaN(wall.getTime())) return null;
  const offset = offsetText(brasiliaOffsetMinutes(wall));
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}${offset}`;
  return { instant: new Date(iso), iso };
}

/**
 * A datetime-local value read on the Brasília clock, as an ISO instant with the offset written
 * out ('2026-11-26T09:00' → '2026-11-26T09:00:00-03:00'). Anything else is returned as it is, for
 * the schema that checks it to refuse.
 */
export const fromBrasiliaInput = (value: string): string => readWallClockInput(value)?.iso ?? value;

/**
 * An instant from a form's date and time: with its own offset (or Z) as written, else
 * 'YYYY-MM-DDTHH:mm[:ss[.fff]]' on the Brasília clock; an invalid Date for anything else.
 */
export function brasiliaInstant(value: string): Date {
  if (/(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(value)) return new Date(value);
  return readWallClockInput(value)?.instant ?? new Date(Number.NaN);
}

// Formatting, pt-BR, on the Brasília clock.

const formats: Record<string, Intl.DateTimeFormat> = {};

/** An instant as pt-BR writes it with these options, on the Brasília clock whatever the device's zone. */
export function formatBrasilia(instant: Instant, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  formats[key] ??= new Intl.DateTimeFormat('pt-BR', { ...options, timeZone: BRASILIA_TIME_ZONE });
  return formats[key].format(toDate(instant));
}

/** '03/12/2026, 09:30' (Brasília): a deadline everyone reads the same. */
export const formatBrasiliaDayTime = (instant: Instant) =>
  formatBrasilia(instant, { dateStyle: 'short', timeStyle: 'short' });

/** '26/11 às 09:00' (Brasília): when a simulado opens, a class starts, an invite ends. */
export function formatBrasiliaDayMonthTime(instant: Instant): string {
  const { month, day, hour, minute } = brasiliaWallClock(instant);
  return `${two(day)}/${two(month)} às ${two(hour)}:${two(minute)}`;
}
