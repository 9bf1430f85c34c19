import { REVIEW_RATINGS, type ReviewRating } from '@estudai/contract/constants';

// Reviews wait here, per user in localStorage, until the server has them: done offline they are
// sent when the connection returns, in the order they were done. Each carries the `clientId` the
// server applies once, so sending one twice (a reload mid-sync, two tabs) never doubles it.

export interface QueuedReview {
  entryId: string;
  rating: ReviewRating;
  clientId: string;
  reviewedAt: string;
  /** 'Desfazer' of this review, which the server already had when it was asked for (issue 36). */
  undo?: true;
}

/** How a send ended: `sent` (applied now or before), `rejected` (never will be), `offline` (try later). */
export type SendOutcome = 'sent' | 'rejected' | 'offline';

const CHANGE_EVENT = 'estudai:review-queue';
const storageKey = (userId: string) => `estudai:review-queue:${userId}`;

const isQueuedReview = (value: unknown): value is QueuedReview => {
  if (typeof value !== 'object' || value === null) return false;
  const { entryId, rating, clientId, reviewedAt } = value as Record<string, unknown>;
  return (
    typeof entryId === 'string' &&
    REVIEW_RATINGS.includes(rating as ReviewRating) &&
    typeof clientId === 'string' &&
    typeof reviewedAt === 'string' &&
    ((value as Record<string, unknown>).undo === undefined ||
      (value as Record<string, unknown>).undo === true)
  );
};

export function readReviewQueue(userId: string): QueuedReview[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isQueuedReview) : [];
  } catch {
    return [];
  }
}

function writeReviewQueue(userId: string, queue: QueuedReview[]) {
  try {
    if (queue.length === 0) localStorage.removeItem(storageKey(userId));
    else localStorage.setItem(storageKey(userId), JSON.stringify(queue));
  } catch {
    // Storage refused: nothing more can be kept on this device.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function enqueueReview(userId: string, review: QueuedReview) {
  writeReviewQueue(userId, [...readReviewQueue(userId), review]);
}

const running = new Map<string, Promise<number>>();

/**
 * 'Desfazer' of a review: still waiting here (and no send running), it is simply taken out and
 * answers 'dropped'; otherwise the server has it, or may have it any moment: answers 'sent', and
 * the caller asks the server (queueing the undo when there is no connection).
 */
export function withdrawReview(userId: string, clientId: string): 'dropped' | 'sent' {
  const queue = readReviewQueue(userId);
  if (running.has(userId) || !queue.some((review) => review.clientId === clientId && !review.undo))
    return 'sent';
  writeReviewQueue(
    userId,
    queue.filter((review) => review.clientId !== clientId),
  );
  return 'dropped';
}

/**
 * Sends the queued reviews one by one, oldest first, removing each the server settled (applied now,
 * applied before, or refused for good). Stops at the first that cannot reach the server; it stays
 * for the next call. Calls overlapping a running one wait for it and then start afresh, so a review
 * is never sent twice at once. Answers how many were removed.
 */
export function flushReviewQueue(userId: string, send: (review: QueuedReview) => Promise<SendOutcome>) {
  const previous = running.get(userId) ?? Promise.resolve(0);
  const next = previous
    .catch(() => 0)
    .then(async () => {
      let settled = 0;
      for (;;) {
        const [first] = readReviewQueue(userId);
        if (!first) break;
        if ((await send(first)) === 'offline') break;
        writeReviewQueue(
          userId,
          readReviewQueue(userId).filter(
            (review) => review.clientId !== first.clientId || review.undo !== first.undo,
          ),
        );
        settled += 1;
      }
      return settled;
    });
  running.set(userId, next);
  void next.finally(() => {
    if (running.get(userId) === next) running.delete(userId);
  });
  return next;
}

/** Re-renders when the queue changes here or in another tab. */
export function subscribeToReviewQueue(listener: () => void) {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}
