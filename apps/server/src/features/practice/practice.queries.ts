import { and, asc, desc, eq, gte, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ASYNC_COMMIT } from '../../db/prepared.ts';
import {
  postAnswers,
  practiceViews,
  questionCalibrations,
  questionItems,
  users,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql-rows.ts';
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

export interface CandidateFilters {
  viewerId: string;
  subject?: string;
  topic?: string;
  /** Questions served by practice after this instant are left out. */
  seenAfter: Date;
}

/**
 * Bank questions the viewer may see, still 'ativa', did not write, never answered and was not served
 * by practice since `seenAfter`, in the subject (and topic) asked for. The two histories are read
 * as a probe of their primary keys per row (`offset 0` keeps each a subquery): as anti-joins the
 * planner would compare every row with the viewer's whole history, where the nearest-first walks
 * below read only a few dozen rows.
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
      and ${postAnswers.questionIndex} = ${questionItems.questionIndex} and ${postAnswers.userId} = ${viewerId} offset 0)`,
    sql`not exists (select 1 from ${practiceViews} where ${practiceViews.userId} = ${viewerId}
      and ${practiceViews.postId} = ${questionItems.postId}
      and ${practiceViews.questionIndex} = ${questionItems.questionIndex}
      and ${practiceViews.seenAt} > ${filters.seenAfter.toISOString()}::timestamptz offset 0)`,
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
 * The `limit` rows nearest by `distance` among the walks' rows, ties by most answered, then by id.
 * Each walk went outward from the target in index order, so what it left out is farther than
 * everything it took.
 */
function nearest(rows: CandidateRow[], distance: (row: CandidateRow) => number, limit: number) {
  return rows
    .map((row) => ({ row, distance: distance(row) }))
    .sort(
      (x, y) =>
        x.distance - y.distance ||
        y.row.answers - x.row.answers ||
        x.row.postId.localeCompare(y.row.postId) ||
        x.row.questionIndex - y.row.questionIndex,
    )
    .slice(0, limit)
    .map(({ row }) => row);
}

/**
 * The reads side by side, or one after another: a read in the background takes one connection and
 * one core at a time, leaving the other to the requests (bench:study: five walks at once held both
 * cores for the ~40 ms they took, and the requests that met them waited).
 */
export async function inTurn<T>(oneAtATime: boolean, reads: (() => Promise<T>)[]): Promise<T[]> {
  if (!oneAtATime) return Promise.all(reads.map((read) => read()));
  const results: T[] = [];
  for (const read of reads) results.push(await read());
  return results;
}

/**
 * Calibrated candidates whose difficulty is nearest θ (a 3PL item is most informative a little
 * above its b): the caller ranks these by information. Two walks of the subject's calibrations by
 * b (`question_calibrations_subject_b_idx`), up from θ and down from it, each stopping at `limit`.
 */
export async function calibratedCandidates(
  db: Tx,
  filters: CandidateFilters,
  theta: number,
  limit: number,
  oneAtATime = false,
) {
  const calibrated = and(
    candidateConditions(filters),
    isNotNull(questionCalibrations.postId),
    filters.subject ? eq(questionCalibrations.subject, filters.subject) : undefined,
  );
  const walk = (side: SQL, order: SQL[]) =>
    selectCandidates(db)
      .where(and(calibrated, side))
      .orderBy(...order)
      .limit(limit) as Promise<CandidateRow[]>;
  const [up = [], down = []] = await inTurn(oneAtATime, [
    () =>
      walk(gte(questionCalibrations.b, theta), [
        asc(questionCalibrations.b),
        asc(questionItems.postId),
        asc(questionItems.questionIndex),
      ]),
    () =>
      walk(lt(questionCalibrations.b, theta), [
        desc(questionCalibrations.b),
        desc(questionItems.postId),
        desc(questionItems.questionIndex),
      ]),
  ]);
  return nearest([...up, ...down], (row) => Math.abs(row.b! - theta), limit);
}

/** A question's share correct, null before its first answer: the expression `question_items_share_idx` sorts. */
const shareCorrect = sql<
  number | null
>`(${questionItems.correctCount}::float8 / nullif(${questionItems.answersCount}, 0))`;

/**
 * Uncalibrated candidates whose share correct is nearest `targetShare` (unanswered ones count as
 * it). Three walks of `question_items_share_idx` in the subject: up from the target, down from it,
 * and the unanswered, each stopping at `limit`.
 */
export async function uncalibratedCandidates(
  db: Tx,
  filters: CandidateFilters,
  targetShare: number,
  limit: number,
  oneAtATime = false,
) {
  const uncalibrated = and(candidateConditions(filters), isNull(questionCalibrations.postId));
  const walk = (side: SQL, order: SQL[]) =>
    selectCandidates(db)
      .where(and(uncalibrated, side))
      .orderBy(...order)
      .limit(limit) as Promise<CandidateRow[]>;
  const byId = [asc(questionItems.postId), asc(questionItems.questionIndex)];
  const walks = await inTurn(oneAtATime, [
    () => walk(sql`${shareCorrect} >= ${targetShare}`, [asc(shareCorrect), ...byId]),
    () =>
      walk(sql`${shareCorrect} < ${targetShare}`, [
        desc(shareCorrect),
        desc(questionItems.postId),
        desc(questionItems.questionIndex),
      ]),
    () => walk(sql`${shareCorrect} is null`, byId),
  ]);
  const distance = (row: CandidateRow) =>
    row.answers > 0 ? Math.abs(row.correct / row.answers - targetShare) : 0;
  return nearest(walks.flat(), distance, limit);
}

/**
 * With a topic, both kinds of candidates in one read that starts from the topic's questions of the
 * subject (`question_items_subject_topic_idx`): calibrated ones first, nearest θ by b, then
 * uncalibrated ones, nearest `targetShare` (unanswered ones counting as it), ties as in `nearest`;
 * `limit` rows in all. A topic holds a few hundred questions, where the walks of the subject by b and
 * by share step over every other topic's (bench:study: all 5,555 of a subject's once the topic's few
 * were served).
 */
export function topicCandidates(
  db: Tx,
  filters: CandidateFilters,
  theta: number,
  targetShare: number,
  limit: number,
): Promise<CandidateRow[]> {
  const uncalibrated = sql`${questionCalibrations.postId} is null`;
  return selectCandidates(db)
    .where(candidateConditions(filters))
    .orderBy(
      uncalibrated,
      sql`case when ${uncalibrated} then abs(coalesce(${shareCorrect}, ${targetShare}) - ${targetShare})
        else abs(${questionCalibrations.b} - ${theta}) end`,
      desc(questionItems.answersCount),
      asc(questionItems.postId),
      asc(questionItems.questionIndex),
    )
    .limit(limit) as Promise<CandidateRow[]>;
}

/**
 * Practice serves this question now: not again for 30 days. False (and nothing written) when it was
 * already served after `seenAfter`, by another process or a request at the same time. The view
 * commits without waiting for the disk (as the chat's writes, decision 062): a crash of the database
 * server may forget the last fraction of a second of views, which only lets a question be served again.
 */
export async function recordPracticeView(
  db: Tx,
  values: { userId: string; postId: string; questionIndex: number; seenAt: Date },
  seenAfter: Date,
): Promise<boolean> {
  const written = rowsOf<{ written: number }>(
    await db.execute(sql`with ${ASYNC_COMMIT},
      written as (
        insert into ${practiceViews} (user_id, post_id, question_index, seen_at)
        values (${values.userId}, ${values.postId}, ${values.questionIndex}, ${values.seenAt.toISOString()}::timestamptz)
        on conflict (user_id, post_id, question_index) do update set seen_at = excluded.seen_at
        where ${practiceViews.seenAt} <= ${seenAfter.toISOString()}::timestamptz
        returning 1)
      select count(*)::int as written from written, async_commit`),
  );
  return (written[0]?.written ?? 0) > 0;
}

/**
 * The viewer's first answers to calibrated questions of `subject` with their parameters: what the
 * ability needs, on every `next`. The calibrations carry their question's subject (migration 0044),
 * so the questions' rows are not read (bench:study: half the read's buffers).
 */
export function abilityAnswers(db: Tx, viewerId: string, subject: string) {
  return db
    .select({
      a: questionCalibrations.a,
      b: questionCalibrations.b,
      c: questionCalibrations.c,
      correct: postAnswers.isCorrect,
    })
    .from(questionCalibrations)
    .innerJoin(
      postAnswers,
      and(
        eq(postAnswers.postId, questionCalibrations.postId),
        eq(postAnswers.questionIndex, questionCalibrations.questionIndex),
        eq(postAnswers.userId, viewerId),
      ),
    )
    .where(eq(questionCalibrations.subject, subject))
    .orderBy(postAnswers.createdAt);
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
        subject ? eq(questionCalibrations.subject, subject) : undefined,
      ),
    )
    .orderBy(postAnswers.createdAt);
}
