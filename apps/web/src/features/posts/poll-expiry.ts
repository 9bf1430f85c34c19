const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Spec §2: 'N dias restantes' while more than 24 h remain, else 'Nh restantes'; null once closed.
 * Hours round up, so an open poll never reads '0h'.
 */
export function formatPollTimeLeft(expiresAt: string, now: Date = new Date()): string | null {
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (left <= 0) return null;
  if (left > DAY) {
    const days = Math.floor(left / DAY);
    return days === 1 ? '1 dia restante' : `${days} dias restantes`;
  }
  return `${Math.ceil(left / HOUR)}h restantes`;
}

export const isPollClosed = (expiresAt: string | null, now: Date = new Date()) =>
  expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();

/** Whole-number share of the votes; 0 while nobody voted. */
export const votePercentage = (votes: number, total: number) =>
  total > 0 ? Math.round((votes / total) * 100) : 0;
