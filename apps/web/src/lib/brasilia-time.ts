import { BRASILIA_OFFSET } from '@estudai/contract/constants';

// Instants a whole group shares (a simulado's window, a live class) are shown and typed on a
// Brasília clock (UTC−3 all year), whatever the device's time zone.

const BRASILIA_OFFSET_MS = -3 * 60 * 60 * 1000;
const two = (value: number) => String(value).padStart(2, '0');

/** The Brasília wall clock of an instant, as the fields of a UTC date. */
const brasiliaClock = (iso: string) => new Date(new Date(iso).getTime() + BRASILIA_OFFSET_MS);

/** '26/11 às 09:00' (Brasília). */
export function formatBrasilia(iso: string): string {
  const d = brasiliaClock(iso);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)} às ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** The value of a datetime-local input for an instant, on the Brasília clock ('2026-11-26T09:00'). */
export const toBrasiliaInput = (iso: string) => brasiliaClock(iso).toISOString().slice(0, 16);

/**
 * A datetime-local value read back the Brazilian way ('05/12/2026 às 14:30, horário de Brasília'):
 * the browser draws the field in its own locale, which may not be pt-BR.
 */
export function brasiliaInputText(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return 'Data e hora no horário de Brasília (dd/mm/aaaa, hh:mm)';
  const [, year, month, day, hours, minutes] = match;
  return `${day}/${month}/${year} às ${hours}:${minutes}, horário de Brasília`;
}

/** An input's value as an instant the server reads the same way (the offset written out). */
export const fromBrasiliaInput = (value: string) => `${value}:00${BRASILIA_OFFSET}`;
