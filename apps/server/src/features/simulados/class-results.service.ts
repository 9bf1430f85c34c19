import {
  SIMULADO_MESSAGES,
  type SimuladoClassParticipant,
  type SimuladoClassResults,
} from '@estudai/contract';
import {
  classParticipantNameShown,
  requireClassResults,
  type SimuladoAccess,
  simuladoAccess,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { ageBand, isMinorBand } from '../../lib/ages.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import { foldForSearch } from '../../lib/search-text.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { scoreWith, scoringBasis } from './results.service.ts';
import { scoreAttempt } from './scoring.ts';
import { answersOfAttempts, classParticipantRows, listQuestions } from './simulados.queries.ts';

// The class results (issue 36, decision 058): after the window closes, the group's owner and
// co-teachers read every participant's figures, the distribution of right answers, each question's
// share correct and the share of each alternative, and the ranking, on screen or as a CSV. Paper
// guests stay out, as they stay out of the ranking and the group's figures.

const STATEMENT_MAX = 200;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** `GET /api/simulados/{id}/class-results`: 404 for anyone but the staff, 409 before the close. */
export async function getClassResults(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
): Promise<SimuladoClassResults> {
  const { db } = ctx.database;
  const access = await simuladoAccess(db, simuladoId, viewer);
  const now = ctx.clock();
  requireClassResults(access, viewer, now);
  return (await classResultsOf(ctx, access, now)).results;
}

async function classResultsOf(
  ctx: AppContext,
  access: SimuladoAccess,
  now: Date,
): Promise<{ results: SimuladoClassResults; choices: Map<string, (number | null)[]> }> {
  const { db } = ctx.database;
  const { simulado } = access;
  const [questions, rows] = await Promise.all([
    listQuestions(db, simulado.id),
    classParticipantRows(db, simulado.id),
  ]);
  const answers = await answersOfAttempts(
    db,
    rows.map((row) => row.attempt.id),
  );
  const byAttempt = new Map<string, Map<number, (typeof answers)[number]>>();
  for (const answer of answers) {
    const own = byAttempt.get(answer.attemptId) ?? new Map();
    own.set(answer.position, answer);
    byAttempt.set(answer.attemptId, own);
  }
  const basis = await scoringBasis(db, simulado.id, questions, now);
  const total = questions.length;

  const scoredRows = rows.map((row) => {
    const own = byAttempt.get(row.attempt.id) ?? new Map();
    const scored = scoreWith(basis, (question) => {
      const answer = own.get(question.position);
      return { optionIndex: answer ? answer.optionIndex : null, correct: answer?.isCorrect ?? false };
    });
    const figures = scoreAttempt(scored);
    const finishedAt =
      row.attempt.submittedAt && row.attempt.submittedAt < row.attempt.endsAt
        ? row.attempt.submittedAt
        : row.attempt.endsAt;
    const time = finishedAt.getTime() - row.attempt.startedAt.getTime();
    const nameShown = classParticipantNameShown({
      viewerIsOwner: access.isOwner,
      participantIsMinor: isMinorBand(ageBand(row.birthDate, now)),
    });
    return { row, scored, figures, time, nameShown };
  });

  // The ranking's order: right answers, then the shorter time (ties share a rank).
  const ordered = [...scoredRows].sort(
    (a, b) =>
      b.figures.correctCount - a.figures.correctCount ||
      a.time - b.time ||
      a.row.attempt.id.localeCompare(b.row.attempt.id),
  );
  const participants: SimuladoClassParticipant[] = [];
  ordered.forEach((entry, position) => {
    const previous = ordered[position - 1];
    const tied =
      previous &&
      previous.figures.correctCount === entry.figures.correctCount &&
      previous.time === entry.time;
    participants.push({
      rank: tied ? (participants[position - 1]?.rank ?? position + 1) : position + 1,
      name: entry.nameShown ? entry.row.displayName : SIMULADO_MESSAGES.classMinorName(position + 1),
      userId: entry.row.attempt.userId,
      onPaper: entry.row.attempt.onPaper,
      correctCount: entry.figures.correctCount,
      answeredCount: entry.figures.answeredCount,
      total,
      estimate: {
        score: entry.figures.estimate.score,
        standardError: entry.figures.estimate.standardError,
        provisional: entry.figures.estimate.provisional,
      },
      timeSeconds: entry.row.attempt.onPaper ? null : Math.round(entry.time / 1000),
    });
  });

  const count = scoredRows.length;
  const distribution = Array.from({ length: total + 1 }, (_, correct) => ({
    correct,
    count: scoredRows.filter((entry) => entry.figures.correctCount === correct).length,
  }));
  const questionFigures = questions.map((question, q) => {
    const optionCounts = question.question.options.map(() => 0);
    let correct = 0;
    let blank = 0;
    for (const entry of scoredRows) {
      const scored = entry.scored[q]!;
      if (scored.correct) correct++;
      if (scored.optionIndex === null) blank++;
      else if (scored.optionIndex < optionCounts.length)
        optionCounts[scored.optionIndex] = (optionCounts[scored.optionIndex] ?? 0) + 1;
    }
    const statement = question.question.question;
    return {
      index: question.position,
      subject: question.subject as SimuladoClassResults['questions'][number]['subject'],
      topic: question.topic,
      statement: statement.length > STATEMENT_MAX ? `${statement.slice(0, STATEMENT_MAX - 1)}…` : statement,
      correctAnswer: question.correctAnswer,
      correctPercentage: percent(correct, count),
      options: optionCounts.map((chosen) => ({ count: chosen, percentage: percent(chosen, count) })),
      blankCount: blank,
    };
  });
  const mean = (values: number[]) =>
    values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
  const averageCorrect = mean(scoredRows.map((entry) => entry.figures.correctCount));
  const averageEstimate = mean(scoredRows.map((entry) => entry.figures.estimate.score));
  const choices = new Map(
    scoredRows.map((entry) => [entry.row.attempt.userId, entry.scored.map((q) => q.optionIndex)]),
  );
  const results = {
    simuladoId: simulado.id,
    title: simulado.title,
    closesAt: simulado.closesAt.toISOString(),
    total,
    participantCount: count,
    averageCorrect: averageCorrect === null ? null : Math.round(averageCorrect * 10) / 10,
    averageEstimate: averageEstimate === null ? null : Math.round(averageEstimate),
    distribution,
    participants,
    questions: questionFigures,
  };
  return { results, choices };
}

const LETTERS = 'ABCDE';

/** The CSV's header: the ranking's columns, then each question's chosen letter ('' for a blank). */
function csvHeader(total: number): string[] {
  return [
    'Posição',
    'Nome',
    'Acertos',
    'Questões',
    'Respondidas',
    'Estimativa TRI',
    'Erro padrão',
    'Tempo (min)',
    'No papel',
    ...Array.from({ length: total }, (_, n) => `Q${n + 1}`),
  ];
}

/**
 * `GET /api/simulados/{id}/class-results.csv`: the same rules; one line per participant in the
 * ranking's order, with each question's letter; then each question's share correct. Written by
 * lib/csv.ts (semicolons, CRLF, byte-order mark, formula guard).
 */
export async function classResultsCsv(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
): Promise<{ fileName: string; body: string }> {
  const { db } = ctx.database;
  const access = await simuladoAccess(db, simuladoId, viewer);
  const now = ctx.clock();
  requireClassResults(access, viewer, now);
  const { results, choices } = await classResultsOf(ctx, access, now);
  const decimal = (value: number) => value.toFixed(1).replace('.', ',');
  let body = `${CSV_BOM}${csvLine(csvHeader(results.total))}`;
  for (const participant of results.participants) {
    const own = (participant.userId ? (choices.get(participant.userId) ?? []) : []).map((choice) =>
      choice === null ? '' : (LETTERS[choice] ?? ''),
    );
    body += csvLine([
      String(participant.rank),
      participant.name,
      String(participant.correctCount),
      String(participant.total),
      String(participant.answeredCount),
      String(participant.estimate.score),
      decimal(participant.estimate.standardError),
      participant.timeSeconds === null ? '' : decimal(participant.timeSeconds / 60),
      participant.onPaper ? 'Sim' : 'Não',
      ...own,
    ]);
  }
  body += csvLine([]);
  body += csvLine([
    'Questão',
    'Gabarito',
    '% de acerto',
    ...LETTERS.split('').map((l) => `% ${l}`),
    'Em branco',
  ]);
  for (const question of results.questions)
    body += csvLine([
      `Q${question.index + 1}`,
      LETTERS[question.correctAnswer] ?? '',
      String(question.correctPercentage),
      ...LETTERS.split('').map((_, n) => {
        const option = question.options[n];
        return option ? String(option.percentage) : '';
      }),
      String(question.blankCount),
    ]);
  const slug = foldForSearch(access.simulado.title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return { fileName: `resultados-${slug || 'simulado'}-${now.toISOString().slice(0, 10)}.csv`, body };
}
