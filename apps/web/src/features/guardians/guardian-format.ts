import { brasiliaDayStart, formatBrasilia } from '@estudai/contract/constants';

/** '26/11/2026', in Brasília's calendar. */
export const formatDay = (date: string) => formatBrasilia(date, { dateStyle: 'short' });

/** A dashboard day, a Brasília day ('2026-11-26'), as 'qui., 26'. */
export const formatDashboardDay = (day: string) =>
  formatBrasilia(brasiliaDayStart(day), { weekday: 'short', day: 'numeric' });

/** '1 h 05 min' or '25 min'. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}
