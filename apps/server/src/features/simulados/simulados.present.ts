import type {
  ShownMedia,
  Simulado,
  SimuladoAttempt,
  SimuladoAttemptSummary,
  SimuladoQuestion,
  SimuladoWindow,
} from '@estudai/contract';
import type { SimuladoRow } from '../../access/index.ts';
import { toAuthor } from '../../lib/authors.ts';
import { toQuestionData } from '../posts/index.ts';
import type { AnswerRow, AttemptRow, QuestionRow, SimuladoWithCreator } from './simulados.queries.ts';

function windowAt(simulado: SimuladoRow, now: Date): SimuladoWindow {
  if (now < simulado.opensAt) return 'upcoming';
  return now < simulado.closesAt ? 'open' : 'closed';
}

/** Over once handed in or once its time ran out, whether or not anyone has finalized it yet. */
export const attemptEnded = (attempt: AttemptRow, now: Date) =>
  attempt.submittedAt !== null || attempt.endsAt <= now;

/** When it ended: handed in early, or at `endsAt`. */
export function attemptFinishedAt(attempt: AttemptRow, now: Date): Date | null {
  if (!attemptEnded(attempt, now)) return null;
  return attempt.submittedAt && attempt.submittedAt < attempt.endsAt ? attempt.submittedAt : attempt.endsAt;
}

export function toAttemptSummary(attempt: AttemptRow, now: Date): SimuladoAttemptSummary {
  const finishedAt = attemptFinishedAt(attempt, now);
  return {
    status: finishedAt ? 'finished' : 'in_progress',
    startedAt: attempt.startedAt.toISOString(),
    endsAt: attempt.endsAt.toISOString(),
    finishedAt: finishedAt ? finishedAt.toISOString() : null,
    answeredCount: attempt.answeredCount,
  };
}

export function toAttempt(
  attempt: AttemptRow,
  answers: AnswerRow[],
  total: number,
  now: Date,
): SimuladoAttempt {
  return {
    ...toAttemptSummary(attempt, now),
    simuladoId: attempt.simuladoId,
    total,
    serverNow: now.toISOString(),
    answers: answers.map((answer) => ({
      index: answer.position,
      optionIndex: answer.optionIndex,
      answeredAt: answer.answeredAt.toISOString(),
    })),
  };
}

export interface SimuladoFacts {
  questionCount: number;
  inProgress: number;
  canManage: boolean;
  attempt: AttemptRow | null;
}

export function toSimulado(row: SimuladoWithCreator, facts: SimuladoFacts, now: Date): Simulado {
  const { simulado } = row;
  return {
    id: simulado.id,
    studyGroupId: simulado.studyGroupId,
    title: simulado.title,
    durationMinutes: simulado.durationMinutes,
    opensAt: simulado.opensAt.toISOString(),
    closesAt: simulado.closesAt.toISOString(),
    showRanking: simulado.showRanking,
    status: simulado.status,
    window: windowAt(simulado, now),
    publishedAt: simulado.publishedAt ? simulado.publishedAt.toISOString() : null,
    createdAt: simulado.createdAt.toISOString(),
    createdBy: toAuthor(row.creator),
    questionCount: facts.questionCount,
    inProgress: facts.inProgress,
    canManage: facts.canManage,
    viewerAttempt: facts.attempt ? toAttemptSummary(facts.attempt, now) : null,
  };
}

/** A question as the simulado shows it: `questionIndex` null for a question post; the key only when `showKey`. */
export function toSimuladoQuestion(
  row: QuestionRow,
  showKey: boolean,
  images?: ReadonlyMap<string, ShownMedia>,
): SimuladoQuestion {
  return {
    index: row.position,
    postId: row.postId,
    questionIndex: row.postType === 'question_set' ? row.questionIndex : null,
    questionData: toQuestionData(row.question, showKey, images),
  };
}

/** First names only in the ranking, for everyone (there is no birth date yet to tell minors apart). */
export const firstNameOf = (displayName: string) => displayName.trim().split(/\s+/u)[0] ?? '';
