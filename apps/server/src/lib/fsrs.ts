import {
  CARD_STATES,
  type CardState,
  REVIEW_REQUEST_RETENTION,
  type ReviewCard,
  type ReviewRating,
} from '@estudai/contract';
import { type Card, createEmptyCard, fsrs, type Grade, generatorParameters, Rating } from 'ts-fsrs';

// Spaced review's scheduling (the caderno's entries and the decks' flashcards), and nothing else: no database, no clock (every instant is passed in).
// ts-fsrs does the algorithm with its default weights, retention 0.9 and no fuzz (issue 19), so the
// same reviews always give the same card.

const scheduler = fsrs(
  generatorParameters({ request_retention: REVIEW_REQUEST_RETENTION, enable_fuzz: false }),
);

const RATING_GRADES: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** A card as a notebook entry stores it (columns of notebook_entries). */
export interface StoredCard {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs `State`: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  lastReview: Date | null;
}

export interface Review {
  rating: ReviewRating;
  reviewedAt: Date;
  /** Breaks ties between reviews of the same instant, so the order never depends on arrival. */
  clientId: string;
}

const toStored = (card: Card): StoredCard => ({
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  elapsedDays: card.elapsed_days,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  lastReview: card.last_review ?? null,
});

const toCard = (card: StoredCard): Card => ({
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  elapsed_days: card.elapsedDays,
  scheduled_days: card.scheduledDays,
  learning_steps: card.learningSteps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  ...(card.lastReview ? { last_review: card.lastReview } : {}),
});

/** A card nobody reviewed yet: due at once. */
export const newCard = (createdAt: Date): StoredCard => toStored(createEmptyCard(createdAt));

/** The card after one review done at `reviewedAt`. */
export function applyReview(card: StoredCard, rating: ReviewRating, reviewedAt: Date): StoredCard {
  return toStored(scheduler.next(toCard(card), reviewedAt, RATING_GRADES[rating]).card);
}

/** Reviews in the order they were done: by `reviewedAt`, then `clientId`. */
const inReviewOrder = <T extends Review>(reviews: readonly T[]): T[] =>
  [...reviews].sort(
    (a, b) =>
      a.reviewedAt.getTime() - b.reviewedAt.getTime() ||
      (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0),
  );

/**
 * The card of an entry made at `createdAt` after all its reviews, applied in the order they were
 * done whatever order they arrived in: an offline queue synced late lands on the same card.
 */
export function replayReviews(createdAt: Date, reviews: readonly Review[]): StoredCard {
  return inReviewOrder(reviews).reduce(
    (card, review) => applyReview(card, review.rating, review.reviewedAt),
    newCard(createdAt),
  );
}

const cardStateName = (state: number): CardState => CARD_STATES[state] ?? 'new';

/** A stored card as the API shows it (the caderno's entries and the decks' flashcards alike). */
export function toReviewCard(card: StoredCard): ReviewCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    state: cardStateName(card.state),
    reps: card.reps,
    lapses: card.lapses,
    scheduledDays: card.scheduledDays,
    learningSteps: card.learningSteps,
    lastReview: card.lastReview ? card.lastReview.toISOString() : null,
  };
}
