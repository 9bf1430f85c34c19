import {
  type CreateStudySessionInput,
  STUDY_MESSAGES,
  STUDY_SESSION_MAX_SECONDS,
  type StudyStats,
} from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { streakLength, studyDay } from '../../lib/study-days.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { activeDays, answerTotals, databaseNow, insertStudySession, studyTime } from './study.queries.ts';

/** Clocks differ a little between a phone and the server. */
const CLOCK_SKEW_MS = 2 * 60 * 1000;
/** A paused timer may be finished the next day, not weeks later. */
const OLDEST_START_MS = 48 * 60 * 60 * 1000;

/** Records a finished study session; answers the owner's statistics with it included. */
export async function recordStudySession(
  ctx: AppContext,
  user: SessionUser,
  input: CreateStudySessionInput,
): Promise<StudyStats> {
  const now = ctx.clock();
  const startedAt = new Date(input.startedAt);
  if (startedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest(STUDY_MESSAGES.startedInFuture);
  if (startedAt.getTime() < now.getTime() - OLDEST_START_MS)
    throw badRequest(STUDY_MESSAGES.startedTooLongAgo);
  // A streak's achievement is notifications' ('study.sessionRecorded'), in this transaction.
  return ctx.events.transaction(async (tx) => {
    await insertStudySession(tx, {
      userId: user.id,
      startedAt,
      endedAt: new Date(startedAt.getTime() + input.durationSeconds * 1000),
      durationSeconds: input.durationSeconds,
      kind: input.kind,
    });
    const stats = await getStudyStats(tx, user.id, now);
    await ctx.events.emit(tx, 'study.sessionRecorded', { userId: user.id, studyStreak: stats.studyStreak });
    return stats;
  });
}

/**
 * A focus block ended (a room's or the solo timer's, issue 39): its verified minutes are study time,
 * recorded as a session of that block (in the block's transaction), so the profile's 'Total de Horas',
 * 'Hoje', 'Dias Seguidos' and the calendar count them as they count the sessions from before blocks.
 */
export async function recordFocusBlock(
  ctx: AppContext,
  tx: Tx,
  block: { userId: string; blockId: string; startedAt: string; endedAt: string; verifiedMinutes: number },
): Promise<void> {
  if (block.verifiedMinutes <= 0) return;
  const durationSeconds = Math.min(block.verifiedMinutes * 60, STUDY_SESSION_MAX_SECONDS);
  const startedAt = new Date(block.startedAt);
  await insertStudySession(tx, {
    userId: block.userId,
    startedAt,
    endedAt: new Date(block.endedAt),
    durationSeconds,
    kind: 'timer',
    blockId: block.blockId,
  });
  const stats = await getStudyStats(tx, block.userId, ctx.clock());
  await ctx.events.emit(tx, 'study.sessionRecorded', {
    userId: block.userId,
    studyStreak: stats.studyStreak,
  });
}

/**
 * Correct answers over answered questions: each answer given on its own (a question post, or a quiz
 * question from the bank), and every question of every quiz attempt.
 */
async function accuracy(db: Tx, userId: string): Promise<{ percentage: number; answered: number }> {
  const { answers, quizzes } = await answerTotals(db, userId);
  const total = (answers?.total ?? 0) + (quizzes?.total ?? 0);
  const correct = (answers?.correct ?? 0) + (quizzes?.correct ?? 0);
  return { percentage: total ? Math.round((correct / total) * 100) : 0, answered: total };
}

/**
 * The study figures of a profile at `now` (the caller's clock; left out, the database's: users'
 * profile passes none yet).
 */
export async function getStudyStats(db: Tx, userId: string, now?: Date): Promise<StudyStats> {
  const today = studyDay(now ?? (await databaseNow(db)));
  const [time, days, answered] = await Promise.all([
    studyTime(db, userId, today),
    activeDays(db, userId),
    accuracy(db, userId),
  ]);
  return {
    totalStudyHours: Math.floor(time.total / 360) / 10,
    todayStudyTime: Math.floor(time.today / 60),
    studyStreak: streakLength(days, today),
    accuracyPercentage: answered.percentage,
    questionsAnswered: answered.answered,
  };
}
