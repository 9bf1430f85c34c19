import { count, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pollVotes, postAnswers, posts, quizAttempts } from '../../db/schema/index.ts';

/** A user's answer to a question, once (a second answer inserts nothing): the rows inserted. */
export function insertAnswer(tx: Tx, values: typeof postAnswers.$inferInsert) {
  return tx
    .insert(postAnswers)
    .values(values)
    .onConflictDoNothing()
    .returning({ postId: postAnswers.postId });
}

/** A user's vote in a poll, once: the rows inserted. */
export function insertPollVote(tx: Tx, values: typeof pollVotes.$inferInsert) {
  return tx.insert(pollVotes).values(values).onConflictDoNothing().returning({ postId: pollVotes.postId });
}

/** One more vote on the poll's option (its row locked until the transaction ends). */
export async function countPollVote(tx: Tx, postId: string, optionIndex: number): Promise<void> {
  // Postgres arrays count from 1.
  const slot = optionIndex + 1;
  await tx.execute(
    sql`update ${posts} set poll_vote_counts[${slot}::int] = coalesce(poll_vote_counts[${slot}::int], 0) + 1 where id = ${postId}`,
  );
}

export async function insertQuizAttempt(tx: Tx, values: typeof quizAttempts.$inferInsert): Promise<void> {
  await tx.insert(quizAttempts).values(values);
}

/** Answers that become the user's first where they have none (existing ones stay). */
export async function insertFirstAnswers(tx: Tx, values: (typeof postAnswers.$inferInsert)[]): Promise<void> {
  await tx.insert(postAnswers).values(values).onConflictDoNothing();
}

export interface FirstAnswer {
  postId: string;
  questionIndex: number;
  optionIndex: number;
  isCorrect: boolean;
  answeredAt: Date;
}

/**
 * Answers given elsewhere (a simulado) that become the user's first answers where they have none, for
 * the bank's status, its community figures, the accuracy and the calibration; existing ones stay.
 * Inside the caller's transaction; the questions must still exist.
 */
export async function recordFirstAnswers(tx: Tx, userId: string, answers: FirstAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  await tx
    .insert(postAnswers)
    .values(
      answers.map((answer) => ({
        postId: answer.postId,
        userId,
        questionIndex: answer.questionIndex,
        optionIndex: answer.optionIndex,
        isCorrect: answer.isCorrect,
        createdAt: answer.answeredAt,
      })),
    )
    .onConflictDoNothing();
}

/** Every user's first answer (right or wrong) to these questions: the calibration's data. */
export async function firstAnswersTo(db: Tx, refs: { postId: string; questionIndex: number }[]) {
  if (refs.length === 0) return [];
  return db
    .select({
      userId: postAnswers.userId,
      postId: postAnswers.postId,
      questionIndex: postAnswers.questionIndex,
      isCorrect: postAnswers.isCorrect,
    })
    .from(postAnswers)
    .where(
      sql`(${postAnswers.postId}, ${postAnswers.questionIndex}) in (${sql.join(
        refs.map((ref) => sql`(${ref.postId}::uuid, ${ref.questionIndex}::int)`),
        sql`, `,
      )})`,
    );
}

/** A question by its post and index, as the answers name it. */
interface QuestionKey {
  postId: string;
  questionIndex: number;
}

/**
 * How many first answers chose each option, per question (`postId:questionIndex` → counts by
 * option index): one grouped read over the answers' primary key, whatever the number of questions.
 */
export async function optionCountsOf(db: Tx, refs: readonly QuestionKey[]): Promise<Map<string, number[]>> {
  const counts = new Map<string, number[]>();
  if (refs.length === 0) return counts;
  const rows = await db
    .select({
      postId: postAnswers.postId,
      questionIndex: postAnswers.questionIndex,
      optionIndex: postAnswers.optionIndex,
      n: count(),
    })
    .from(postAnswers)
    .where(
      sql`(${postAnswers.postId}, ${postAnswers.questionIndex}) in (${sql.join(
        refs.map((ref) => sql`(${ref.postId}::uuid, ${ref.questionIndex}::int)`),
        sql`, `,
      )})`,
    )
    .groupBy(postAnswers.postId, postAnswers.questionIndex, postAnswers.optionIndex);
  for (const row of rows) {
    const key = `${row.postId}:${row.questionIndex}`;
    const list = counts.get(key) ?? [];
    list[row.optionIndex] = row.n;
    counts.set(key, list);
  }
  return counts;
}
