import { describe, expect, it } from 'vitest';
import { intervalLabel, nextCards } from './review-schedule.ts';

const at = new Date('2026-11-28T12:00:00Z');
const after = (ms: number) => new Date(at.getTime() + ms);

describe('intervalLabel', () => {
  it("says an interval as Anki's buttons do", () => {
    expect(intervalLabel(at, after(30_000))).toBe('1 min');
    expect(intervalLabel(at, after(10 * 60_000))).toBe('10 min');
    expect(intervalLabel(at, after(59.9 * 60_000))).toBe('1 h');
    expect(intervalLabel(at, after(3 * 3_600_000))).toBe('3 h');
    expect(intervalLabel(at, after(23.9 * 3_600_000))).toBe('1 dia');
    expect(intervalLabel(at, after(4 * 86_400_000))).toBe('4 dias');
    expect(intervalLabel(at, after(60 * 86_400_000))).toBe('2 meses');
  });
});

describe('nextCards', () => {
  it("gives a new card 1 min for 'Errei' and 10 min for 'Bom', as the server's ts-fsrs does", () => {
    const card = {
      due: at.toISOString(),
      stability: 0,
      difficulty: 0,
      state: 'new' as const,
      reps: 0,
      lapses: 0,
      scheduledDays: 0,
      learningSteps: 0,
      lastReview: null,
    };
    const next = nextCards(card, at);
    expect(intervalLabel(at, new Date(next.again.due))).toBe('1 min');
    expect(intervalLabel(at, new Date(next.good.due))).toBe('10 min');
    expect(next.easy.state).toBe('review');
  });
});
