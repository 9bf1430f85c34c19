const HOUR = 60 * 60_000;

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });

/** Spec §9 forum time: 'Agora há pouco' under 1 h, 'Nh atrás' under 24 h, 'Ontem' under 48 h, else the date. */
export function formatForumTime(date: string | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(date).getTime());
  if (elapsed < HOUR) return 'Agora há pouco';
  if (elapsed < 24 * HOUR) return `${Math.floor(elapsed / HOUR)}h atrás`;
  if (elapsed < 48 * HOUR) return 'Ontem';
  return dateFormat.format(new Date(date));
}
