import { SIMULADO_ESTIMATE_LABEL } from '@estudai/contract';
import { describe, expect, it } from 'vitest';
import { defaultItemParams, enemEstimate } from './psychometrics.ts';
import { type ScoredQuestion, scoreAttempt } from './scoring.ts';

function question(index: number, overrides: Partial<ScoredQuestion> = {}): ScoredQuestion {
  return {
    index,
    subject: 'matematica',
    topic: 'Funções',
    params: { a: 1.2, b: 0, c: 0.2 },
    calibrated: true,
    groupShareCorrect: 0.5,
    optionIndex: 0,
    correct: true,
    ...overrides,
  };
}

describe('scoreAttempt', () => {
  it('counts right answers, answered and blank, per subject and per topic', () => {
    const scored = scoreAttempt([
      question(0),
      question(1, { correct: false, optionIndex: 2 }),
      question(2, { subject: 'fisica', topic: 'Cinemática' }),
      question(3, { subject: 'fisica', topic: 'Dinâmica', correct: false, optionIndex: null }),
      question(4, { subject: null, topic: null }),
    ]);
    expect(scored).toMatchObject({ correctCount: 3, total: 5, answeredCount: 4, blankCount: 1 });
    expect(scored.bySubject).toEqual([
      { subject: 'matematica', correct: 1, total: 2 },
      { subject: 'fisica', correct: 1, total: 2 },
      { subject: null, correct: 1, total: 1 },
    ]);
    expect(scored.byTopic).toEqual([
      { subject: 'matematica', topic: 'Funções', correct: 1, total: 2 },
      { subject: 'fisica', topic: 'Cinemática', correct: 1, total: 1 },
      { subject: 'fisica', topic: 'Dinâmica', correct: 0, total: 1 },
      { subject: null, topic: null, correct: 1, total: 1 },
    ]);
  });

  it('is the 3PL estimate of the pattern, blanks scored as wrong, provisional with any default item', () => {
    const questions = [
      question(0, { params: { a: 1, b: -1, c: 0.25 } }),
      question(1, { params: defaultItemParams(0.3), calibrated: false, correct: false, optionIndex: null }),
      question(2, { params: { a: 1.5, b: 1, c: 0.2 }, correct: false, optionIndex: 1 }),
    ];
    const expected = enemEstimate(
      questions.map((q) => ({ ...q.params, calibrated: q.calibrated })),
      [1, 0, 0],
    );
    expect(scoreAttempt(questions).estimate).toEqual({
      ...expected,
      provisional: true,
      label: SIMULADO_ESTIMATE_LABEL,
    });
    expect(scoreAttempt([question(0)]).estimate.provisional).toBe(false);
  });

  it('lists at most five misses, the ones most of the group got right first, then the easiest by b', () => {
    const misses = [0.2, 0.9, 0.6, 0.9, 0.4, 0.1, 0.7].map((share, index) =>
      question(index, {
        groupShareCorrect: share,
        correct: false,
        optionIndex: 1,
        params: { a: 1, b: index === 3 ? -2 : 0, c: 0.2 },
      }),
    );
    const scored = scoreAttempt([...misses, question(7, { groupShareCorrect: 1 })]);
    expect(scored.heaviestMisses).toEqual([
      { index: 3, viewerAnswer: 1, groupCorrectPercentage: 90 },
      { index: 1, viewerAnswer: 1, groupCorrectPercentage: 90 },
      { index: 6, viewerAnswer: 1, groupCorrectPercentage: 70 },
      { index: 2, viewerAnswer: 1, groupCorrectPercentage: 60 },
      { index: 4, viewerAnswer: 1, groupCorrectPercentage: 40 },
    ]);
  });
});
