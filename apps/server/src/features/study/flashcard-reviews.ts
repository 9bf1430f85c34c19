import type { DueFlashcard, ReviewInput, ReviewResult, UndoReviewResult } from '@estudai/contract';
import type { SessionUser } from '../../plugins/session.ts';

/**
 * The review queue's other source: flashcards of decks (issue 42). The decks feature sits above
 * study and implements this; the composition root (app.ts) hands it to `reviewsRoutes`, so
 * 'Revisão de hoje' lists and reviews both without study knowing decks.
 */
export interface FlashcardReviews {
  /** The viewer's flashcards due by `now`, oldest due first, at most `limit`. */
  listDue(viewer: SessionUser, now: Date, limit: number): Promise<DueFlashcard[]>;
  countDue(viewer: SessionUser, now: Date): Promise<number>;
  nextDueAfter(viewer: SessionUser, now: Date): Promise<Date | null>;
  /** One FSRS review of a flashcard; null when `id` is no flashcard the viewer may see. */
  review(viewer: SessionUser, id: string, input: ReviewInput): Promise<ReviewResult | null>;
  undo(viewer: SessionUser, id: string, clientId: string): Promise<UndoReviewResult | null>;
}
