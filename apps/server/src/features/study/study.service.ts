import {
  type CreateStudySessionInput,
  STUDY_MESSAGES,
  STUDY_TIME_ZONE,
  type StudyStats,
} from '@estudai/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { postAnswers, quizAttempts, reviewLogs, studySessions } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { streakLength, studyDay } from '../../lib/study-days.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { ACHIEVEMENTS, awardNow, STUDY_STREAK_ACHIEVEMENT_DAYS } from '../notifications/index.ts';

/** Clocks differ a little between a phone and the server. */
const CLOCK_SKEW_MS = 2 * 60 * 1000;
/** A paused timer may be finished the next day, not weeks later. */
const OLDEST_START_MS = 48 * 60 * 60 * 1000;

const localDay = (column: unknown) => sql`(${column} at time zone ${STUDY_TIME_ZONE})::date`;

/** Records a finished study session; answers the owner's statistics with it included. */
export async function recordStudySession(
  ctx: AppContext,
  user: SessionUser,
  input: CreateStudySessionInput,
  now = new Date(),
): Promise<StudyStats> {
  const startedAt = new Date(input.startedAt);
  if (startedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest(STUDY_MESSAGES.startedInFuture);
  if (startedAt.getTime() < now.getTime() - OLDEST_START_MS)
    throw badRequest(STUDY_MESSAGES.startedTooLongAgo);
  const { db } = ctx.database;
  await db.insert(studySessions).values({
    userId: user.id,
    startedAt,
    endedAt: new Date(startedAt.getTime() + input.durationSeconds * 1000),
    durationSeconds: input.durationSeconds,
    kind: input.kind,
  });
  const stats = await getStudyStats(db, user.id, now);
  if (stats.studyStreak >= STUDY_STREAK_ACHIEVEMENT_DAYS)
    await awardNow(ctx, user.id, ACHIEVEMENTS.studyStreak);
  return stats;
}

/** Seconds studied in all and on today's Brasília date (a session counts on the day it started). */
async function studyTime(db: Tx, userId: string, today: string) {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${studySessions.durationSeconds}), 0)`.mapWith(Number),
      today:
        sql<number>`coalesce(sum(${studySessions.durationSeconds}) filter (where ${localDay(studySessions.startedAt)} = ${today}::date), 0)`.mapWith(
          Number,
        ),
    })
    .from(studySessions)
    .where(eq(studySessions.userId, userId));
  return { total: row?.total ?? 0, today: row?.today ?? 0 };
}

/** Brasília days with study time, an answered question (or quiz) or a review, newest first. */
async function activeDays(db: Tx, userId: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select distinct day::text as day from (
      select ${localDay(studySessions.startedAt)} as day from ${studySessions} where ${studySessions.userId} = ${userId}
      union
      select ${localDay(postAnswers.createdAt)} from ${postAnswers} where ${postAnswers.userId} = ${userId}
      union
      select ${localDay(quizAttempts.createdAt)} from ${quizAttempts} where ${quizAttempts.userId} = ${userId}
      union
      select ${localDay(reviewLogs.reviewedAt)} from ${reviewLogs} where ${reviewLogs.userId} = ${userId}
    ) as days
    order by day desc`)) as unknown as { rows: { day: string }[] };
  return result.rows.map((row) => row.day);
}

/**
 * Correct answers over answered questions: each answer given on its own (a question post, or a quiz
 * question from the bank), and every question of every quiz attempt (the first attempt's answers
 * are also in post_answers, `via_attempt`, for the bank: not counted twice).
 */
async function accuracy(db: Tx, userId: string): Promise<number> {
  const [answers] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      correct: sql<number>`count(*) filter (where ${postAnswers.isCorrect})`.mapWith(Number),
    })
    .from(postAnswers)
    .where(and(eq(postAnswers.userId, userId), eq(postAnswers.viaAttempt, false)));
  const [quizzes] = await db
    .select({
      total: sql<number>`coalesce(sum(${quizAttempts.total}), 0)`.mapWith(Number),
      correct: sql<number>`coalesce(sum(${quizAttempts.score}), 0)`.mapWith(Number),
    })
    .from(quizAttempts)
    .where(eq(quizAttempts.userId, userId));
  const total = (answers?.total ?? 0) + (quizzes?.total ?? 0);
  const correct = (answers?.correct ?? 0) + (quizzes?.correct ?? 0);
  return total ? Math.round((correct / total) * 100) : 0;
}

export async function getStudyStats(db: Tx, userId: string, now = new Date()): Promise<StudyStats> {
  const today = studyDay(now);
  const [time, days, accuracyPercentage] = await Promise.all([
    studyTime(db, userId, today),
    activeDays(db, userId),
    accuracy(db, userId),
  ]);
  return {
    totalStudyHours: Math.floor(time.total / 360) / 10,
    todayStudyTime: Math.floor(time.today / 60),
    studyStreak: streakLength(days, today),
    accuracyPercentage,
  };
}

/** Minutes of timer study per Brasília day from `fromDay` on (a session counts on the day it started). */
export async function studyMinutesByDay(
  db: Tx,
  userId: string,
  fromDay: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      day: sql<string>`${localDay(studySessions.startedAt)}::text`,
      seconds: sql<number>`sum(${studySessions.durationSeconds})`.mapWith(Number),
    })
    .from(studySessions)
    .where(
      and(
        eq(studySessions.userId, userId),
        // A day's sessions start from the day before's instant at the latest, in any time zone.
        sql`${studySessions.startedAt} >= (${fromDay}::date - 1)::timestamptz`,
        sql`${localDay(studySessions.startedAt)} >= ${fromDay}::date`,
      ),
    )
    // By position: the time zone is a parameter, written twice it would be two different ones.
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, Math.floor(row.seconds / 60)]));
}
