import { STUDY_TIME_ZONE } from '@estudai/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { postAnswers, quizAttempts, reviewLogs, studySessions } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql-rows.ts';

const localDay = (column: unknown) => sql`(${column} at time zone ${STUDY_TIME_ZONE})::date`;

export async function insertStudySession(tx: Tx, values: typeof studySessions.$inferInsert): Promise<void> {
  // A focus block is recorded once (`block_id` is unique).
  await tx.insert(studySessions).values(values).onConflictDoNothing();
}

/** The database's clock: the instant of a figure whose caller passed none. */
export async function databaseNow(db: Tx): Promise<Date> {
  const [row] = rowsOf<{ now: Date | string }>(await db.execute(sql`select now() as now`));
  if (!row) throw new Error('select now() answered no row');
  return new Date(row.now);
}

/** Seconds studied in all and on today's Brasília date (a session counts on the day it started). */
export async function studyTime(db: Tx, userId: string, today: string) {
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
export async function activeDays(db: Tx, userId: string): Promise<string[]> {
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
 * Answers given on their own (a question post, or a quiz question from the bank) and questions of
 * quiz attempts, each as answered and correct (the first attempt's answers are also in post_answers,
 * `via_attempt`, for the bank: not counted twice).
 */
export async function answerTotals(db: Tx, userId: string) {
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
  return { answers, quizzes };
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
