import { randomUUID } from 'node:crypto';
import {
  SIMULADO_PAPER_MESSAGES,
  type SimuladoPaperAnswersInput,
  type SimuladoPaperEntry,
  SimuladoPaperErrorCode,
  type SimuladoPaperSheet,
  type SimuladoPrint,
} from '@estudai/contract';
import {
  assertPaperManager,
  groupOf,
  imageViewer,
  questionImagesOf,
  requirePaperEntry,
  simuladoAccess,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { toQuestionData } from '../posts/index.ts';
import { finalizeAttempt } from './attempts.service.ts';
import {
  insertGuest,
  insertPaperAnswers,
  insertPaperAttempt,
  listAnswersOf,
  listCurrentMembers,
  listGuests,
  listPaperAttempts,
  questionImages,
} from './paper.queries.ts';
import { scoreWith, scoringBasis } from './results.service.ts';
import { scoreAttempt } from './scoring.ts';
import { listQuestions, type QuestionRow } from './simulados.queries.ts';

// Paper simulados (issue 42, decision 048): the booklet and answer sheet an organizer prints, and the
// sheets they type back, each scored as an online attempt is.

const P = SIMULADO_PAPER_MESSAGES;
const IMAGE = /\.(png|jpe?g|gif|webp|avif)(\?.*)?$/i;

/** The code printed on every sheet: the simulado's, short enough to copy by hand. */
const sheetCode = (simuladoId: string) => `SIM-${simuladoId.slice(0, 8).toUpperCase()}`;

/** `GET /api/simulados/{id}/print`: statements and options for the booklet, never the keys. */
export async function getPrint(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
): Promise<SimuladoPrint> {
  const { db } = ctx.database;
  const access = await simuladoAccess(db, simuladoId, viewer);
  assertPaperManager(access);
  const { simulado } = access;
  const questions = await listQuestions(db, simulado.id);
  const images = await questionImages(db, [...new Set(questions.map((question) => question.postId))]);
  // Issue 42: an imported question's own image (a quiz's too), through the image rule.
  const own = await questionImagesOf(
    db,
    ctx.config.publicUrl,
    imageViewer(viewer, ctx.clock()),
    questions.map((question) => question.question),
  );
  const imagesOf = (question: QuestionRow) => {
    const { imageUrl } = question.question;
    const shown = imageUrl ? own.get(imageUrl)?.url : null;
    const posted = question.postType === 'question' ? (images.get(question.postId) ?? []) : [];
    const urls = posted.filter((url) => IMAGE.test(url) && url !== imageUrl);
    return shown ? [shown, ...urls] : urls;
  };
  return {
    id: simulado.id,
    title: simulado.title,
    groupName: groupOf(access).name,
    durationMinutes: simulado.durationMinutes,
    status: simulado.status,
    code: sheetCode(simulado.id),
    questions: questions.map((question) => ({
      index: question.position,
      questionData: toQuestionData(question.question, false),
      images: imagesOf(question),
    })),
  };
}

/** One answer per question, each an option the question has: else 400 naming the first misfit. */
function checkAnswers(questions: QuestionRow[], answers: (number | null)[]) {
  if (answers.length !== questions.length)
    throw badRequest(P.answersCount(questions.length, answers.length), SimuladoPaperErrorCode.answersInvalid);
  for (const question of questions) {
    const choice = answers[question.position];
    const options = question.question.options.length;
    if (choice !== null && choice !== undefined && choice >= options)
      throw badRequest(
        P.optionMissing(question.position + 1, options),
        SimuladoPaperErrorCode.answersInvalid,
      );
  }
}

type Basis = Awaited<ReturnType<typeof scoringBasis>>;

/** A sheet's figures: right answers and the Estimativa TRI, as the online result computes them. */
function scoreSheet(basis: Basis, answers: (number | null)[]) {
  const scored = scoreWith(basis, (question) => {
    const optionIndex = answers[question.position] ?? null;
    return { optionIndex, correct: optionIndex !== null && optionIndex === question.correctAnswer };
  });
  const { correctCount, total, answeredCount, blankCount, estimate } = scoreAttempt(scored);
  return { answers, correctCount, total, answeredCount, blankCount, estimate };
}

/**
 * `POST /api/simulados/{id}/paper-answers`: a member's sheet becomes their attempt (handed in at
 * once, its time the simulado's duration, then closed as an online one is: first answers, caderno,
 * ranking); a guest's becomes a row only the organizers see. Nothing is written on any refusal.
 */
export async function enterPaperAnswers(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
  input: SimuladoPaperAnswersInput,
): Promise<SimuladoPaperEntry> {
  const { db } = ctx.database;
  const access = await simuladoAccess(db, simuladoId, viewer);
  const now = ctx.clock();
  await requirePaperEntry(db, access, input.userId, now);
  const { simulado } = access;
  const questions = await listQuestions(db, simulado.id);
  checkAnswers(questions, input.answers);
  if (input.userId !== undefined) {
    const userId = input.userId;
    const attempt = await db.transaction(async (tx) => {
      const row = await insertPaperAttempt(tx, {
        simuladoId: simulado.id,
        userId,
        startedAt: new Date(now.getTime() - simulado.durationMinutes * 60_000),
        endsAt: now,
        submittedAt: now,
        answeredCount: input.answers.filter((choice) => choice !== null).length,
        onPaper: true,
      });
      if (!row) return null;
      await insertPaperAnswers(
        tx,
        questions.flatMap((question) => {
          const choice = input.answers[question.position];
          if (choice === null || choice === undefined) return [];
          return [
            {
              attemptId: row.id,
              position: question.position,
              optionIndex: choice,
              isCorrect: choice === question.correctAnswer,
              clientId: randomUUID(),
              answeredAt: now,
              savedAt: now,
            },
          ];
        }),
      );
      return row;
    });
    // Started online in the meantime: theirs stays.
    if (!attempt) throw conflict(P.attemptExists, SimuladoPaperErrorCode.attemptExists);
    await finalizeAttempt(ctx, attempt.id);
    const figures = scoreSheet(await scoringBasis(db, simulado.id, questions, now), input.answers);
    const [member] = (await listPaperAttempts(db, simulado.id)).filter(
      (row) => row.attempt.id === attempt.id,
    );
    return {
      kind: 'member',
      id: attempt.id,
      userId,
      name: member?.displayName ?? '',
      ...figures,
      enteredAt: now.toISOString(),
    };
  }
  const guestName = input.guestName ?? '';
  const guest = await insertGuest(db, {
    simuladoId: simulado.id,
    guestName,
    answers: input.answers,
    enteredBy: viewer.id,
    enteredAt: now,
  });
  if (!guest) throw conflict(P.guestExists(guestName), SimuladoPaperErrorCode.guestExists);
  return {
    kind: 'guest',
    id: guest.id,
    userId: null,
    name: guest.guestName,
    ...scoreSheet(await scoringBasis(db, simulado.id, questions, now), input.answers),
    enteredAt: now.toISOString(),
  };
}

/** `GET /api/simulados/{id}/paper-answers`: the members a sheet may be typed for, and every sheet typed. */
export async function getPaperSheet(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
): Promise<SimuladoPaperSheet> {
  const { db } = ctx.database;
  const access = await simuladoAccess(db, simuladoId, viewer);
  assertPaperManager(access);
  const { simulado } = access;
  const now = ctx.clock();
  const [questions, members, typed, guests] = await Promise.all([
    listQuestions(db, simulado.id),
    listCurrentMembers(db, groupOf(access).id, simulado.id, now),
    listPaperAttempts(db, simulado.id),
    listGuests(db, simulado.id),
  ]);
  const basis = await scoringBasis(db, simulado.id, questions, now);
  const answerRows = await listAnswersOf(
    db,
    typed.map((row) => row.attempt.id),
  );
  const entries: SimuladoPaperEntry[] = [];
  for (const { attempt, displayName } of typed) {
    const answers: (number | null)[] = questions.map(() => null);
    for (const row of answerRows) if (row.attemptId === attempt.id) answers[row.position] = row.optionIndex;
    entries.push({
      kind: 'member',
      id: attempt.id,
      userId: attempt.userId,
      name: displayName,
      ...scoreSheet(basis, answers),
      enteredAt: (attempt.submittedAt ?? attempt.endsAt).toISOString(),
    });
  }
  for (const guest of guests) {
    entries.push({
      kind: 'guest',
      id: guest.id,
      userId: null,
      name: guest.guestName,
      ...scoreSheet(basis, guest.answers),
      enteredAt: guest.enteredAt.toISOString(),
    });
  }
  entries.sort((a, b) => a.enteredAt.localeCompare(b.enteredAt));
  return {
    simuladoId: simulado.id,
    total: questions.length,
    optionCounts: questions.map((question) => question.question.options.length),
    members: members.map((member) => ({ ...member, hasAttempt: Boolean(member.hasAttempt) })),
    entries,
  };
}
