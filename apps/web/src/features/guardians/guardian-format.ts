import { STUDY_TIME_ZONE } from '@estudai/contract/constants';

const dayFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: STUDY_TIME_ZONE, dateStyle: 'short' });
const weekdayFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'short', day: 'numeric' });

/** '26/11/2026', in Brasília's calendar. */
export const formatDay = (date: string) => dayFormat.format(new Date(date));

/** A dashboard day ('2026-11-26') as 'qui., 26'. */
export const formatDashboardDay = (day: string) => weekdayFormat.format(new Date(`${day}T12:00:00Z`));

/** '1 h 05 min' or '25 min'. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}
