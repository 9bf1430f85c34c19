import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { syncReviews } from '../api/submit-review.ts';
import { readReviewQueue, subscribeToReviewQueue } from './review-queue.ts';

/** How many reviews wait to reach the server. */
export function usePendingReviewCount(userId: string) {
  return useSyncExternalStore(
    subscribeToReviewQueue,
    () => readReviewQueue(userId).length,
    () => 0,
  );
}

/** Sends the waiting reviews now, and again each time the connection returns. */
function useReviewSync(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const sync = () => void syncReviews(queryClient, userId);
    sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, [queryClient, userId]);
}

/** Mounted once in the signed-in frame: the queue drains on start and on reconnect, on any screen. */
export function ReviewSync({ userId }: { userId: string }) {
  useReviewSync(userId);
  return null;
}
