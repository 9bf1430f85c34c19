import {
  CARD_STATES,
  REVIEW_RATINGS,
  REVIEW_REQUEST_RETENTION,
  type ReviewCard,
  type ReviewRating,
} from '@estudai/contract/constants';
import { type Card, fsrs, type Grade, generatorParameters, Rating } from 'ts-fsrs';

// The review screen's side of FSRS: the same scheduler as the server's (features/study/fsrs.ts:
// default weights, retention 0.9, no fuzz), so the interval a button shows is the one it gives.

const scheduler = fsrs(
  generatorParameters({ request_retention: REVIEW_REQUEST_RETENTION, enable_fuzz: false }),
);

const GRADES: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

const toCard = (card: ReviewCard): Card => ({
  due: new Date(card.due),
  stability: card.stability,
  difficulty: card.difficulty,
  elapsed_days: 0,
  scheduled_days: card.scheduledDays,
  learning_steps: card.learningSteps ?? 0,
  reps: card.reps,
  lapses: card.lapses,
  state: Math.max(0, CARD_STATES.indexOf(card.state)),
  ...(card.lastReview ? { last_review: new Date(card.lastReview) } : {}),
});

const fromCard = (card: Card): ReviewCard => ({
  due: card.due.toISOString(),
  stability: card.stability,
  difficulty: card.difficulty,
  state: CARD_STATES[card.state] ?? 'new',
  reps: card.reps,
  lapses: card.lapses,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  lastReview: card.last_review ? card.last_review.toISOString() : null,
});

/** The card after each of the four ratings given at `now`. */
export function nextCards(card: ReviewCard, now: Date): Record<ReviewRating, ReviewCard> {
  const base = toCard(card);
  return Object.fromEntries(
    REVIEW_RATINGS.map((rating) => [rating, fromCard(scheduler.next(base, now, GRADES[rating]).card)]),
  ) as Record<ReviewRating, ReviewCard>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long until `to`, as Anki's buttons say it: '1 min', '10 min', '3 h', '4 dias', '2 meses'. */
export function intervalLabel(from: Date, to: Date): string {
  const ms = Math.max(0, to.getTime() - from.getTime());
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(ms / HOUR);
  if (hours < 24) return `${hours} h`;
  const days = Math.max(1, Math.round(ms / DAY));
  if (days < 31) return days === 1 ? '1 dia' : `${days} dias`;
  const months = Math.round(days / 30);
  if (months < 12) return months === 1 ? '1 mês' : `${months} meses`;
  const years = Math.round((days / 365) * 10) / 10;
  return years === 1 ? '1 ano' : `${String(years).replace('.', ',')} anos`;
}

/**
 * A card rated now comes back in this session when it is due again within this time (a learning
 * step: 1 min, 10 min), and may be shown this far ahead when nothing else is left, as Anki does.
 */
export const LEARN_AHEAD_MS = 20 * MINUTE;
