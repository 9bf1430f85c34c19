import { VIDEO_MESSAGES } from '@estudai/contract/constants';

const pad = (value: number) => String(value).padStart(2, '0');

/** Spec §9: a duration in seconds as 'h:mm:ss' from one hour up, else 'm:ss' (754 → '12:34'). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

const compact = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
/** Cuts to one decimal without rounding up: 1.299 shows as '1,2', never as '1,3'. */
const oneDecimalDown = (value: number) => compact.format(Math.floor(value * 10) / 10);

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
export const viewsText = (views: number) => VIDEO_MESSAGES.views(formatViews(views));
