import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  postAnswers,
  practiceViews,
  questionCalibrations,
  questionItems,
  users,
} from '../../db/schema/index.ts';
import { questionVisibleTo } from '../study/index.ts';

/** A candidate of the adaptive pick: the question and, once calibrated, its 3PL parameters. */
export interface CandidateRow {
  postId: string;
  questionIndex: number;
  a: number | null;
  b: number | null;
  c: number | null;
  answers: number;
  correct: number;
}

interface CandidateFilters {
  viewerId: string;
  subject?: string;
  topic?: string;
  /** Questions served by practice after this instant are left out. */
  seenAfter: Date;
}

/**
 * Bank questions the viewer may see, still 'ativa', did not write, never answered and was not served
 * by practice since `seenAfter`, in the subject (and topic) asked for.
 */
function candidateConditions(filters: CandidateFilters): SQL | undefined {
  const { viewerId } = filters;
  return and(
    questionVisibleTo(viewerId),
    // Anuladas and desatualizadas (issue 40) are out of the bank, and out of practice.
    eq(questionItems.status, 'ativa'),
    sql`${questionItems.authorId} <> ${viewerId}`,
    filters.subject ? eq(questionItems.subject, filters.subject) : undefined,
    filters.topic ? sql`${questionItems.topicKey} = estudai_fold(${filters.topic})` : undefined,
    sql`not exists (select 1 from ${postAnswers} where ${postAnswers.postId} = ${questionItems.postId}
      and ${postAnswers.questionIndex} = ${questionItems.questionIndex} and ${postAnswers.userId} = ${viewerId})`,
    sql`not exists (select 1 from ${practiceViews} where ${practiceViews.userId} = ${viewerId}
      and ${practiceViews.postId} = ${questionItems.postId}
      and ${practiceViews.questionIndex} = ${questionItems.questionIndex}
      and ${practiceViews.seenAt} > ${filters.seenAfter.toISOString()}::timestamptz)`,
  );
}

function selectCandidates(db: Tx) {
  return db
    .select({
      postId: questionItems.postId,
      questionIndex: questionItems.questionIndex,
      a: questionCalibrations.a,
      b: questionCalibrations.b,
      c: questionCalibrations.c,
      answers: questionItems.answersCount,
      correct: questionItems.correctCount,
    })
    .from(questionItems)
    .innerJoin(users, and(eq(users.id, questionItems.authorId), isNull(users.suspendedAt)))
    .leftJoin(
      questionCalibrations,
      and(
        eq(questionCalibrations.postId, questionItems.postId),
        eq(questionCalibrations.questionIndex, questionItems.questionIndex),
      ),
    )
    .$dynamic();
}

/**
 * Calibrated candidates whose difficulty is nearest θ (a 3PL item is most informative a little
 * above its b): the caller ranks these by information.
 */
export function calibratedCandidates(db: Tx, filters: CandidateFilters, theta: number, limit: number) {
  return selectCandidates(db)
    .where(and(candidateConditions(filters), isNotNull(questionCalibrations.postId)))
    .orderBy(
      sql`abs(${questionCalibrations.b} - ${theta})`,
      questionItems.postId,
      questionItems.questionIndex,
    )
    .limit(limit) as Promise<CandidateRow[]>;
}

/** Uncalibrated candidates whose share correct is nearest `targetShare` (unanswered ones count as it). */
export function uncalibratedCandidates(
  db: Tx,
  filters: CandidateFilters,
  targetShare: number,
  limit: number,
) {
  return selectCandidates(db)
    .where(and(candidateConditions(filters), isNull(questionCalibrations.postId)))
    .orderBy(
      sql`abs(coalesce(${questionItems.correctCount}::float8 / nullif(${questionItems.answersCount}, 0), ${targetShare}) - ${targetShare})`,
      sql`${questionItems.answersCount} desc`,
      questionItems.postId,
      questionItems.questionIndex,
    )
    .limit(limit) as Promise<CandidateRow[]>;
}

/** Practice served this question now: not again for 30 days. */
export async function recordPracticeView(
  db: Tx,
  values: { userId: string; postId: string; questionIndex: number; seenAt: Date },
) {
  await db
    .insert(practiceViews)
    .values(values)
    .onConflictDoUpdate({
      target: [practiceViews.userId, practiceViews.postId, practiceViews.questionIndex],
      set: { seenAt: values.seenAt },
    });
}

/** The viewer's first answers to calibrated questions, with the questions' subject, topic and parameters. */
export function calibratedAnswers(db: Tx, viewerId: string, subject?: string) {
  return db
    .select({
      subject: questionItems.subject,
      topic: questionItems.topic,
      topicKey: questionItems.topicKey,
      a: questionCalibrations.a,
      b: questionCalibrations.b,
      c: questionCalibrations.c,
      correct: postAnswers.isCorrect,
    })
    .from(postAnswers)
    .innerJoin(
      questionItems,
      and(
        eq(questionItems.postId, postAnswers.postId),
        eq(questionItems.questionIndex, postAnswers.questionIndex),
      ),
    )
    .innerJoin(
      questionCalibrations,
      and(
        eq(questionCalibrations.postId, postAnswers.postId),
        eq(questionCalibrations.questionIndex, postAnswers.questionIndex),
      ),
    )
    .where(
      and(
        eq(postAnswers.userId, viewerId),
        subject ? eq(questionItems.subject, subject) : isNotNull(questionItems.subject),
      ),
    )
    .orderBy(postAnswers.createdAt);
}
