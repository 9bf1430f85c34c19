const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec §2 (post cards) and §9 (comment age): 'Nm' under an hour, 'Nh' under a day, else 'Nd'. */
export function formatRelativeTime(date: string | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(date).getTime());
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  return `${Math.floor(elapsed / DAY)}d`;
}

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The full date and time, for the title of a relative timestamp: '5 de janeiro de 2026 às 07:03',
 * as `Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' })` writes it. Written
 * by hand: the first Intl formatter of a page loads the locale's data, tens of milliseconds on a
 * slow phone, in the middle of the feed's first render.
 */
export function formatDateTime(date: string | Date): string {
  const d = new Date(date);
  return `${d.getDate()} de ${MONTHS[d.getMonth()]} de ${d.getFullYear()} às ${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
}
