import type { ReviewResult, UndoReviewResult } from '@estudai/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import {
  enqueueReview,
  flushReviewQueue,
  type QueuedReview,
  type SendOutcome,
  withdrawReview,
} from '../offline/review-queue.ts';
import { studyKeys } from './study-keys.ts';

/** `POST /api/reviews/{entryId}`: applied once per `clientId` (a second send answers `applied: false`). */
const postReview = ({ entryId, undo, ...body }: QueuedReview) =>
  undo
    ? api.delete<UndoReviewResult>(
        `/reviews/${encodeURIComponent(entryId)}/${encodeURIComponent(body.clientId)}`,
      )
    : api.post<ReviewResult>(`/reviews/${encodeURIComponent(entryId)}`, body);

/**
 * One queued review to the server. No reply, a 5xx, a 401 or a 429: try again later. Any other
 * refusal (the entry was removed, the review is too old) will never succeed: dropped.
 */
async function sendQueuedReview(review: QueuedReview): Promise<SendOutcome> {
  try {
    await postReview(review);
    return 'sent';
  } catch (error) {
    if (!(error instanceof ApiError)) return 'offline';
    const retryLater = error.status === 0 || error.status >= 500 || [401, 408, 429].includes(error.status);
    return retryLater ? 'offline' : 'rejected';
  }
}

/**
 * 'Desfazer': a review still waiting on this device is taken out of the queue; one the server has
 * is undone there, through the queue too, so it happens once the connection returns if it is gone.
 */
export async function undoReview(queryClient: QueryClient, userId: string, review: QueuedReview) {
  if (withdrawReview(userId, review.clientId) === 'dropped') return;
  enqueueReview(userId, { ...review, undo: true });
  await syncReviews(queryClient, userId);
}

/** Sends what waits in the queue; once something went through, the caderno and stats are refreshed. */
export async function syncReviews(queryClient: QueryClient, userId: string) {
  const settled = await flushReviewQueue(userId, sendQueuedReview);
  if (settled === 0) return;
  for (const queryKey of [studyKeys.notebook(), studyKeys.notebookSummary(), studyKeys.stats(userId)]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
