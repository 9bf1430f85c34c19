import {
  SIMULADO_ESTIMATE_LABEL,
  SIMULADO_HEAVIEST_MISSES,
  type SimuladoResult,
  type Subject,
} from '@estudai/contract';
import { explainResult } from './explanations.ts';
import { type Answer, enemEstimate, type ItemParams } from './psychometrics.ts';

// A finished attempt's figures, from data passed in: no database, no clock.

export interface ScoredQuestion {
  index: number;
  subject: string | null;
  topic: string | null;
  /** Fitted parameters when calibrated, else the defaults from the platform's share correct. */
  params: ItemParams;
  calibrated: boolean;
  /** Share of this simulado's finished takers who got it right (0–1). */
  groupShareCorrect: number;
  /** The taker's choice, null when left blank. */
  optionIndex: number | null;
  correct: boolean;
}

type Scored = Pick<
  SimuladoResult,
  | 'correctCount'
  | 'total'
  | 'answeredCount'
  | 'blankCount'
  | 'bySubject'
  | 'byTopic'
  | 'heaviestMisses'
  | 'estimate'
  | 'explanations'
>;

/** Counts per key, in first-seen order, then most questions first. */
function tally<K>(questions: ScoredQuestion[], keyOf: (q: ScoredQuestion) => K, id: (key: K) => string) {
  const groups = new Map<string, { key: K; correct: number; total: number }>();
  for (const question of questions) {
    const key = keyOf(question);
    const group = groups.get(id(key)) ?? { key, correct: 0, total: 0 };
    group.total++;
    if (question.correct) group.correct++;
    groups.set(id(key), group);
  }
  return [...groups.values()].sort((a, b) => b.total - a.total);
}

export function scoreAttempt(questions: ScoredQuestion[]): Scored {
  const correctCount = questions.filter((q) => q.correct).length;
  const answeredCount = questions.filter((q) => q.optionIndex !== null).length;
  // Blanks count as wrong, as in ENEM.
  const responses: Answer[] = questions.map((q) => (q.correct ? 1 : 0));
  const estimate = enemEstimate(
    questions.map((q) => ({ ...q.params, calibrated: q.calibrated })),
    responses,
  );
  // The misses that cost most: the questions this group found easiest, then the easiest by b.
  const heaviestMisses = questions
    .filter((q) => !q.correct)
    .sort((a, b) => b.groupShareCorrect - a.groupShareCorrect || a.params.b - b.params.b || a.index - b.index)
    .slice(0, SIMULADO_HEAVIEST_MISSES)
    .map((q) => ({
      index: q.index,
      viewerAnswer: q.optionIndex,
      groupCorrectPercentage: Math.round(q.groupShareCorrect * 100),
    }));
  return {
    correctCount,
    total: questions.length,
    answeredCount,
    blankCount: questions.length - answeredCount,
    bySubject: tally(
      questions,
      (q) => q.subject,
      (subject) => subject ?? '',
    ).map(({ key, correct, total }) => ({ subject: key as Subject | null, correct, total })),
    byTopic: tally(
      questions,
      (q) => ({ subject: q.subject, topic: q.topic }),
      (key) => `${key.subject ?? ''}\u0001${key.topic ?? ''}`,
    ).map(({ key, correct, total }) => ({
      subject: key.subject as Subject | null,
      topic: key.topic,
      correct,
      total,
    })),
    heaviestMisses,
    estimate: { ...estimate, label: SIMULADO_ESTIMATE_LABEL },
    explanations: explainResult(
      questions.map((q) => ({
        b: q.params.b,
        answered: q.optionIndex !== null,
        correct: q.correct,
        calibrated: q.calibrated,
      })),
    ),
  };
}
