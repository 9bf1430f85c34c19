import { BRASILIA_OFFSET, type Simulado } from '@estudai/contract/constants';

// Simulado instants are shown and typed on a Brasília clock (UTC−3 all year), whatever the
// device's time zone: the window is the same for everyone in the group.

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

/** 'Abre 26/11 às 09:00 · fecha 26/11 às 12:00' */
export const windowText = (simulado: Pick<Simulado, 'opensAt' | 'closesAt'>) =>
  `Abre ${formatBrasilia(simulado.opensAt)} · fecha ${formatBrasilia(simulado.closesAt)} (horário de Brasília)`;

export const WINDOW_LABELS: Record<Simulado['window'], string> = {
  upcoming: 'Em breve',
  open: 'Aberto',
  closed: 'Encerrado',
};

/** '1 questão', '10 questões' */
export const questionsText = (count: number) => `${count} ${count === 1 ? 'questão' : 'questões'}`;
