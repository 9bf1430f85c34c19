import type { DueCards } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import { useIsOnline } from '../../../lib/pwa.ts';
import { readSavedDueCards, saveDueCards } from '../offline/due-cards-store.ts';
import { studyKeys } from './study-keys.ts';

export interface DueReviews extends DueCards {
  /** True when the server could not be reached and these are the cards saved on this device. */
  isOfflineCopy: boolean;
}

/** `GET /api/reviews/due`; without a connection, the copy saved the last time it answered. */
async function getDueReviews(userId: string, signal?: AbortSignal): Promise<DueReviews> {
  try {
    const due = await apiRequest<DueCards>('/reviews/due', { signal, wholeBody: true });
    saveDueCards(userId, due);
    return { ...due, isOfflineCopy: false };
  } catch (error) {
    const saved = error instanceof ApiError && error.status === 0 ? readSavedDueCards(userId) : null;
    if (!saved) throw error;
    return { ...saved, isOfflineCopy: true };
  }
}

const getDueReviewsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: studyKeys.due(userId),
    queryFn: ({ signal }) => getDueReviews(userId, signal),
  });

/**
 * The cards due now, asked afresh each time the review screen opens, and again when the connection
 * returns while the saved copy is shown: its 'Sem conexão' note goes away with it (issue 36). The
 * session's cards stay as they were fixed (review-page.tsx).
 */
export function useDueReviews(userId: string) {
  const due = useQuery({ ...getDueReviewsQueryOptions(userId), refetchOnMount: 'always' });
  const isOnline = useIsOnline();
  const isOfflineCopy = due.data?.isOfflineCopy === true;
  const { refetch } = due;
  useEffect(() => {
    if (isOnline && isOfflineCopy) void refetch();
  }, [isOnline, isOfflineCopy, refetch]);
  return due;
}
