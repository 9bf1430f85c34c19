import {
  SIMULADO_MESSAGES,
  SimuladoErrorCode,
  type SimuladoRankingEntry,
  type SimuladoResult,
} from '@estudai/contract';
import { type SimuladoRow, simuladoAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { toQuestionData } from '../posts/index.ts';
import { answerCounts, anuladaKeys } from '../study/index.ts';
import { finalizeIfEnded } from './attempts.service.ts';
import { defaultItemParams, type ItemParams } from './psychometrics.ts';
import { type ScoredQuestion, scoreAttempt } from './scoring.ts';
import { attemptEnded, firstNameOf, toAttemptSummary } from './simulados.present.ts';
import {
  type AttemptRow,
  calibrationsOf,
  findAttempt,
  groupCorrectCounts,
  listAnswers,
  listQuestions,
  type QuestionRow,
  rankingRows,
} from './simulados.queries.ts';

const M = SIMULADO_MESSAGES;
const keyOf = (q: { postId: string; questionIndex: number }) => `${q.postId}:${q.questionIndex}`;

/**
 * Each question's 3PL parameters: fitted ones when the recalibration job stored them, else the
 * defaults for its share correct on the platform (no answers yet: b = 0).
 */
async function itemParams(db: Tx, questions: QuestionRow[]) {
  if (questions.length === 0) return new Map<string, { params: ItemParams; calibrated: boolean }>();
  const refs = questions.map(({ postId, questionIndex, question }) => ({
    postId,
    questionIndex,
    optionCount: question.options.length,
  }));
  const [fitted, counts] = await Promise.all([calibrationsOf(db, refs), answerCounts(db, refs)]);
  const byKey = new Map(fitted.map((row) => [keyOf(row), row]));
  return new Map(
    refs.map((ref) => {
      const calibration = byKey.get(keyOf(ref));
      if (calibration) {
        const { a, b, c } = calibration;
        return [keyOf(ref), { params: { a, b, c }, calibrated: true }];
      }
      const count = counts.get(keyOf(ref));
      const share = count && count.answers > 0 ? count.correct / count.answers : null;
      return [keyOf(ref), { params: defaultItemParams(share, ref.optionCount), calibrated: false }];
    }),
  );
}

type Choice = (question: QuestionRow) => { optionIndex: number | null; correct: boolean };

/**
 * What scoring a simulado's takers needs, loaded once: each question's parameters (fitted or
 * default), the share of its finished takers who got it right, and which questions are anuladas.
 */
export async function scoringBasis(db: Tx, simuladoId: string, questions: QuestionRow[], now: Date) {
  const [params, group, anuladas] = await Promise.all([
    itemParams(db, questions),
    groupCorrectCounts(db, simuladoId, now),
    anuladaKeys(db, questions),
  ]);
  return { questions, params, group, anuladas };
}

/** Each question scored for one taker's choices, on a basis loaded once. Online and typed sheets alike. */
export function scoreWith(
  { questions, params, group, anuladas }: Awaited<ReturnType<typeof scoringBasis>>,
  choiceOf: Choice,
): ScoredQuestion[] {
  return questions.map((question) => {
    const choice = choiceOf(question);
    // An anulada question (issue 40) is right for everyone who answered it, as INEP does.
    const anulada = anuladas.has(keyOf(question)) && choice.optionIndex !== null;
    const item = params.get(keyOf(question)) ?? {
      params: defaultItemParams(null, question.question.options.length),
      calibrated: false,
    };
    return {
      index: question.position,
      subject: question.subject,
      topic: question.topic,
      params: item.params,
      calibrated: item.calibrated,
      groupShareCorrect:
        group.finished > 0 ? (group.correct.get(question.position) ?? 0) / group.finished : 0,
      ...choice,
      correct: choice.correct || anulada,
    };
  });
}

/**
 * The ranking, once the window closed and if the simulado shows one: every finished taker by right
 * answers, then by the shorter time. First names only, for everyone: there is no birth date yet to
 * tell minors apart, so the protective choice holds for all.
 */
async function rankingOf(db: Tx, simulado: SimuladoRow, viewerId: string, total: number, now: Date) {
  if (!simulado.showRanking) return { status: 'disabled' as const, availableAt: null, entries: [] };
  if (now < simulado.closesAt)
    return { status: 'after_close' as const, availableAt: simulado.closesAt.toISOString(), entries: [] };
  const rows = await rankingRows(db, simulado.id);
  const timeOf = (attempt: AttemptRow) =>
    (attempt.submittedAt && attempt.submittedAt < attempt.endsAt
      ? attempt.submittedAt
      : attempt.endsAt
    ).getTime() - attempt.startedAt.getTime();
  const ordered = rows
    .map((row) => ({ ...row, time: timeOf(row.attempt) }))
    .sort((a, b) => b.correct - a.correct || a.time - b.time || a.attempt.id.localeCompare(b.attempt.id));
  const entries: SimuladoRankingEntry[] = [];
  ordered.forEach((row, position) => {
    const previous = ordered[position - 1];
    const tied = previous && previous.correct === row.correct && previous.time === row.time;
    entries.push({
      rank: tied ? (entries[position - 1]?.rank ?? position + 1) : position + 1,
      firstName: firstNameOf(row.displayName),
      correctCount: row.correct,
      total,
      isViewer: row.attempt.userId === viewerId,
    });
  });
  return { status: 'available' as const, availableAt: null, entries };
}

/**
 * `GET /api/simulados/{id}/attempts/me/result`, once the viewer's attempt is over (closing it first
 * if its time ran out: its answers go to the bank and the caderno then, once).
 */
export async function getResult(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
): Promise<SimuladoResult> {
  const { db } = ctx.database;
  const { simulado } = await simuladoAccess(db, simuladoId, viewer);
  const found = await findAttempt(db, simulado.id, viewer.id);
  if (!found) throw notFound(M.attemptNotFound);
  const attempt = await finalizeIfEnded(ctx, found);
  const now = ctx.clock();
  if (!attemptEnded(attempt, now)) throw conflict(M.resultNotReady, SimuladoErrorCode.resultNotReady);
  const [questions, answers] = await Promise.all([
    listQuestions(db, simulado.id),
    listAnswers(db, attempt.id),
  ]);
  const answerAt = new Map(answers.map((answer) => [answer.position, answer]));
  const scored = scoreWith(await scoringBasis(db, simulado.id, questions, now), (question) => {
    const answer = answerAt.get(question.position);
    return { optionIndex: answer ? answer.optionIndex : null, correct: answer?.isCorrect ?? false };
  });
  return {
    simuladoId: simulado.id,
    personal: simulado.studyGroupId === null,
    title: simulado.title,
    attempt: toAttemptSummary(attempt, now),
    ...scoreAttempt(scored),
    questions: questions.map((question, n) => ({
      index: question.position,
      postId: question.postId,
      questionIndex: question.postType === 'question_set' ? question.questionIndex : null,
      questionData: toQuestionData(question.question, true),
      viewerAnswer: scored[n]!.optionIndex,
      isCorrect: scored[n]!.correct,
      calibrated: scored[n]!.calibrated,
      groupCorrectPercentage: Math.round(scored[n]!.groupShareCorrect * 100),
    })),
    ranking: await rankingOf(db, simulado, viewer.id, questions.length, now),
  };
}
