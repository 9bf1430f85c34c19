import type { DueCards } from '@estudai/contract/constants';

// The day's due cards, as last fetched, kept per user so the review works without a connection.

const storageKey = (userId: string) => `estudai:due-cards:${userId}`;

export function saveDueCards(userId: string, cards: DueCards) {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(cards));
  } catch {
    // Storage full or refused: the review then needs the connection.
  }
}

export function readSavedDueCards(userId: string): DueCards | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null');
    if (typeof stored !== 'object' || stored === null || !Array.isArray((stored as DueCards).data))
      return null;
    return stored as DueCards;
  } catch {
    return null;
  }
}

/** A card just reviewed leaves the saved copy: offline, it must not come back the same day. */
export function forgetSavedDueCard(userId: string, entryId: string) {
  const saved = readSavedDueCards(userId);
  if (!saved?.data.some((entry) => entry.id === entryId)) return;
  saveDueCards(userId, {
    ...saved,
    data: saved.data.filter((entry) => entry.id !== entryId),
    count: Math.max(0, saved.count - 1),
  });
}
