import { createEmptyCard, fsrs, generatorParameters, Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { applyReview, newCard, replayReviews, type StoredCard } from './fsrs.ts';

// The reference: ts-fsrs called directly with issue 19's settings, step by step.
const reference = fsrs(generatorParameters({ request_retention: 0.9, enable_fuzz: false }));

const at = (iso: string) => new Date(iso);
const created = at('2026-03-01T10:00:00-03:00');
const steps = [
  { rating: 'again', grade: Rating.Again, reviewedAt: at('2026-03-01T10:05:00-03:00') },
  { rating: 'good', grade: Rating.Good, reviewedAt: at('2026-03-01T10:07:00-03:00') },
  { rating: 'good', grade: Rating.Good, reviewedAt: at('2026-03-01T10:20:00-03:00') },
  { rating: 'hard', grade: Rating.Hard, reviewedAt: at('2026-03-04T08:00:00-03:00') },
  { rating: 'easy', grade: Rating.Easy, reviewedAt: at('2026-03-09T21:30:00-03:00') },
  { rating: 'again', grade: Rating.Again, reviewedAt: at('2026-03-30T07:15:00-03:00') },
  { rating: 'good', grade: Rating.Good, reviewedAt: at('2026-03-30T07:30:00-03:00') },
  { rating: 'good', grade: Rating.Good, reviewedAt: at('2026-04-05T12:00:00-03:00') },
] as const;

describe('FSRS scheduling (ts-fsrs, default weights, retention 0.9, no fuzz)', () => {
  it('matches ts-fsrs called directly at every step of a fixed sequence of ratings and dates', () => {
    let expected = createEmptyCard(created);
    let card: StoredCard = newCard(created);
    expect(card.due).toEqual(created);
    for (const step of steps) {
      expected = reference.next(expected, step.reviewedAt, step.grade).card;
      card = applyReview(card, step.rating, step.reviewedAt);
      expect(card.due.toISOString()).toBe(expected.due.toISOString());
      expect(card.stability).toBe(expected.stability);
      expect(card.difficulty).toBe(expected.difficulty);
      expect(card.state).toBe(expected.state);
      expect(card.reps).toBe(expected.reps);
      expect(card.lapses).toBe(expected.lapses);
      expect(card.scheduledDays).toBe(expected.scheduled_days);
    }
    expect(card.reps).toBe(steps.length);
    expect(card.lapses).toBeGreaterThan(0);
  });

  it('replays reviews in the order they were done, whatever order they arrive in', () => {
    const reviews = steps.map((step, i) => ({ ...step, clientId: `c${i}` }));
    const inOrder = replayReviews(created, reviews);
    const shuffled = replayReviews(created, [...reviews].reverse());
    expect(shuffled).toEqual(inOrder);
    let stepwise = newCard(created);
    for (const step of steps) stepwise = applyReview(stepwise, step.rating, step.reviewedAt);
    expect(inOrder).toEqual(stepwise);
  });

  it('gives a new card due at once, and the same result for the same reviews (no fuzz)', () => {
    const review = [{ rating: 'good' as const, reviewedAt: created, clientId: 'a' }];
    expect(replayReviews(created, review)).toEqual(replayReviews(created, review));
    expect(newCard(created)).toMatchObject({ state: 0, reps: 0, lapses: 0, lastReview: null });
  });
});
