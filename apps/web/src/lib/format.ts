// Dates, numbers and money as the spec writes them (§9), pt-BR style, for every screen.
// Intl formatters are built on first use, not when the module loads: the study timer and the
// feed's cards import this with the first route, and the first formatter of a page loads the
// locale's data (tens of milliseconds on a slow phone).
import { LIFETIME_ACCESS_LABEL, viewsLabel } from '@estudai/contract/constants';

const lazy = <T>(create: () => T) => {
  let value: T | undefined;
  return () => {
    value ??= create();
    return value;
  };
};

const upToOneDecimal = lazy(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }));
const oneDecimal = lazy(
  () => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const whole = lazy(() => new Intl.NumberFormat('pt-BR'));
const brl = lazy(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }));
const shortDate = lazy(() => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' }));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * Spec §2 (post cards) and §9 (comment age): 'agora' under a minute (never '0m'), 'Nm' under an
 * hour, 'Nh' under a day, else 'Nd'. Every relative age on every screen comes from here.
 */
export function formatRelativeTime(date: string | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(date).getTime());
  if (elapsed < MINUTE) return 'agora';
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

/**
 * The full date and time, for the title of a relative timestamp: '5 de janeiro de 2026 às 07:03',
 * as `Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' })` writes it. Written
 * by hand: an Intl formatter would load the locale's data in the middle of the feed's first render.
 */
export function formatDateTime(date: string | Date): string {
  const d = new Date(date);
  return `${d.getDate()} de ${MONTHS[d.getMonth()]} de ${d.getFullYear()} às ${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
}

/** 'há 5m', or just 'agora' for fresh content (never 'há agora'). */
export function formatRelativeAgo(date: string | Date, now: Date = new Date()): string {
  const relative = formatRelativeTime(date, now);
  return relative === 'agora' ? relative : `há ${relative}`;
}

/**
 * A chat thread's day separator: 'Hoje', 'Ontem', else the date ('24 de novembro', with the year when
 * it is not this one's). Calendar days on the reader's clock, not 24-hour spans.
 */
export function formatDayLabel(date: string | Date, now: Date = new Date()): string {
  const day = new Date(date);
  if (day.toDateString() === now.toDateString()) return 'Hoje';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (day.toDateString() === yesterday.toDateString()) return 'Ontem';
  const dayAndMonth = `${day.getDate()} de ${MONTHS[day.getMonth()]}`;
  return day.getFullYear() === now.getFullYear() ? dayAndMonth : `${dayAndMonth} de ${day.getFullYear()}`;
}

/** A day as '5 de janeiro de 2026' (an access end, a receipt's date), in the viewer's time zone. */
export function formatDate(date: string | Date): string {
  const d = new Date(date);
  return `${d.getDate()} de ${MONTHS[d.getMonth()]} de ${d.getFullYear()}`;
}

/** Spec §9 forum time: 'Agora há pouco' under 1 h, 'Nh atrás' under 24 h, 'Ontem' under 48 h, else the date. */
export function formatForumTime(date: string | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(date).getTime());
  if (elapsed < HOUR) return 'Agora há pouco';
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h atrás`;
  if (elapsed < 2 * DAY) return 'Ontem';
  return shortDate().format(new Date(date));
}

/** Spec §9: study time as 'Xh Ym', or 'Ym' under an hour. */
export function formatStudyTime(minutes: number): string {
  const total = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}h ${rest}m` : `${rest}m`;
}

/** Hours with at most one decimal, the Brazilian way: '4,7h'. */
export const formatHours = (hours: number) => `${upToOneDecimal().format(hours)}h`;

/** A person's rating out of five: '4,5/5'. */
export const formatRatingOutOfFive = (rating: number) => `${upToOneDecimal().format(rating)}/5`;

/** A group's rating of 0–5 with one decimal: 4.8 → '4,8'. */
export const formatRating = (rating: number) => oneDecimal().format(rating);

/** Spec §9: a video's length in seconds as 'h:mm:ss' from one hour up, else 'm:ss' (754 → '12:34'). */
export function formatVideoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(rest)}` : `${minutes}:${twoDigits(rest)}`;
}

/**
 * A video's length as typed, to seconds: '1:02:03' (h:mm:ss), '62:03' (m:ss) or '754' (seconds);
 * empty is 0. NaN for anything else, e.g. '1:75' (the contract's schema then refuses it).
 */
export function parseVideoDuration(text: string): number {
  const value = text.trim();
  if (!value) return 0;
  if (!/^\d+(:\d{1,2}){0,2}$/.test(value)) return Number.NaN;
  const [first = 0, ...rest] = value.split(':').map(Number);
  if (rest.some((part) => part >= 60)) return Number.NaN;
  return rest.reduce((total, part) => total * 60 + part, first);
}

/** A group's access: 'Acesso por 3 meses', 'Acesso por 1 mês' or, without a duration, 'Acesso vitalício'. */
export function formatAccessDuration(months: number | null): string {
  if (months === null) return LIFETIME_ACCESS_LABEL;
  return `Acesso por ${months} ${months === 1 ? 'mês' : 'meses'}`;
}

/**
 * A price in cents as BRL (spec §9): 4990 → 'R$ 49,90' with a no-break space after 'R$', so the
 * symbol and the amount never land on separate lines (Intl's own space, made sure of here).
 */
export const formatPrice = (cents: number) =>
  brl()
    .format(cents / 100)
    .replace(/\s/g, '\u00a0');

/**
 * Reais as typed into a form, to cents: '49,90' → 4990, '1.234,5' → 123450, '49.90' → 4990.
 * NaN for anything else (the contract's schema then refuses it).
 */
export function parseReais(text: string): number {
  let value = text.replace(/R\$/i, '').replace(/\s/g, '');
  if (!value) return Number.NaN;
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return Number.NaN;
  return Math.round(Number(value) * 100);
}

/** A file's size: '850 KB', '2,3 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${whole().format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${oneDecimal().format(bytes / (1024 * 1024))} MB`;
}

/** '1 aluno', '120 alunos'. */
export const formatStudents = (count: number) =>
  `${whole().format(count)} ${count === 1 ? 'aluno' : 'alunos'}`;

/** '1 download', '12 downloads'. */
export const formatDownloads = (count: number) =>
  `${whole().format(count)} ${count === 1 ? 'download' : 'downloads'}`;

/** Cuts to one decimal without rounding up: 1.299 shows as '1,2', never as '1,3'. */
const oneDecimalDown = (value: number) => upToOneDecimal().format(Math.floor(value * 10) / 10);

/**
 * Spec §9: views of 1,000 or more with 'k' and one decimal, pt-BR style ('1,2k', '15,3k'); from a
 * million on, with 'M' ('2,5M'), so counts never grow into '1500k'.
 */
export function formatViews(views: number): string {
  if (views >= 1_000_000) return `${oneDecimalDown(views / 1_000_000)}M`;
  if (views >= 1_000) return `${oneDecimalDown(views / 1_000)}k`;
  return String(Math.max(0, views));
}

/** '{n} visualizações', as the spec writes it. */
export const viewsText = (views: number) => viewsLabel(formatViews(views));

/** The first name, for 'Posts de {first name}'. */
export const firstName = (displayName: string) => displayName.trim().split(/\s+/)[0] ?? displayName;
