import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  notebookEntries,
  postAnswers,
  posts,
  questionItems,
  questionReports,
  type StoredQuestion,
} from '../../db/schema/index.ts';
import type { QuestionRef } from './questions.queries.ts';

// Error reports, key corrections and marks of a bank question (issue 40): its SQL.

type ReportInsert = typeof questionReports.$inferInsert;
export type QuestionOutcomeKind = NonNullable<typeof questionReports.$inferSelect.outcome>;

const itemIs = (ref: QuestionRef) =>
  and(eq(questionItems.postId, ref.postId), eq(questionItems.questionIndex, ref.questionIndex));

/** The bank's row of a question with its stored form, whoever asks (the access rule decides after). */
export async function findQuestionItem(db: Tx, ref: QuestionRef) {
  const [row] = await db
    .select({
      item: questionItems,
      question: sql<StoredQuestion>`case when ${posts.type} = 'question' then ${posts.questionData}
        else ${posts.questionSetData}->'questions'->${questionItems.questionIndex} end`,
    })
    .from(questionItems)
    .innerJoin(posts, eq(posts.id, questionItems.postId))
    .where(itemIs(ref));
  return row;
}

/**
 * The question's row locked until the transaction ends: concurrent corrections of one key wait
 * here one after the other, and each reads the key the one before left.
 */
export async function lockQuestionItem(tx: Tx, ref: QuestionRef) {
  const [row] = await tx.select().from(questionItems).where(itemIs(ref)).for('update');
  return row;
}

export async function insertReport(tx: Tx, values: ReportInsert) {
  const [row] = await tx.insert(questionReports).values(values).returning();
  return row!;
}

/**
 * Every first answer graded again against `correctAnswer`: only those whose grade changes are
 * written, and come back with their new grade.
 */
export function regradeAnswers(tx: Tx, ref: QuestionRef, correctAnswer: number) {
  const graded = sql`(${postAnswers.optionIndex} = ${correctAnswer}::int)`;
  return tx
    .update(postAnswers)
    .set({ isCorrect: graded })
    .where(
      and(
        eq(postAnswers.postId, ref.postId),
        eq(postAnswers.questionIndex, ref.questionIndex),
        sql`${postAnswers.isCorrect} <> ${graded}`,
      ),
    )
    .returning({ userId: postAnswers.userId, isCorrect: postAnswers.isCorrect });
}

/**
 * The new key on the bank's row and its share correct recounted (the answers' trigger of migration
 * 0012 follows inserts and deletes only).
 */
export async function setItemKey(tx: Tx, ref: QuestionRef, correctAnswer: number) {
  await tx
    .update(questionItems)
    .set({
      correctAnswer,
      correctCount: sql`(select count(*)::int from ${postAnswers}
        where ${postAnswers.postId} = ${ref.postId}::uuid and ${postAnswers.questionIndex} = ${ref.questionIndex}::int
          and ${postAnswers.isCorrect})`,
    })
    .where(itemIs(ref));
}

export async function setItemStatus(tx: Tx, ref: QuestionRef, status: 'anulada' | 'desatualizada') {
  await tx.update(questionItems).set({ status }).where(itemIs(ref));
}

/** Answers now wrong enter their people's caderno, due at once, as a wrong answer does. */
export async function addWrongEntries(tx: Tx, userIds: string[], ref: QuestionRef, at: Date) {
  if (userIds.length === 0) return;
  await tx
    .insert(notebookEntries)
    .values(userIds.map((userId) => ({ userId, ...ref, reason: 'wrong' as const, createdAt: at, due: at })))
    .onConflictDoNothing();
}

/**
 * Answers now right leave the caderno when they were there for being wrong (one added by hand
 * stays); their reviews stay in `review_logs` (entry_id set null), so the activity calendar keeps them.
 */
export async function removeWrongEntries(tx: Tx, userIds: string[], ref: QuestionRef) {
  if (userIds.length === 0) return;
  await tx
    .delete(notebookEntries)
    .where(
      and(
        inArray(notebookEntries.userId, userIds),
        eq(notebookEntries.postId, ref.postId),
        eq(notebookEntries.questionIndex, ref.questionIndex),
        eq(notebookEntries.reason, 'wrong'),
      ),
    );
}

/** The open reports of the question closed with `outcome`; their reporters, once each. */
export async function closeReports(tx: Tx, ref: QuestionRef, outcome: QuestionOutcomeKind, now: Date) {
  const rows = await tx
    .update(questionReports)
    .set({ closedAt: now, outcome })
    .where(
      and(
        eq(questionReports.postId, ref.postId),
        eq(questionReports.questionIndex, ref.questionIndex),
        isNull(questionReports.closedAt),
      ),
    )
    .returning({ reporterId: questionReports.reporterId });
  return { closed: rows.length, reporterIds: [...new Set(rows.map((row) => row.reporterId))] };
}

/** The anuladas among `refs`, as `postId:questionIndex` keys (simulados score them as right). */
export async function anuladaKeys(db: Tx, refs: QuestionRef[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await db
    .select({ postId: questionItems.postId, questionIndex: questionItems.questionIndex })
    .from(questionItems)
    .where(
      and(
        eq(questionItems.status, 'anulada'),
        sql`(${questionItems.postId}, ${questionItems.questionIndex}) in (${sql.join(
          refs.map((ref) => sql`(${ref.postId}::uuid, ${ref.questionIndex}::int)`),
          sql`, `,
        )})`,
      ),
    );
  return new Set(rows.map((row) => `${row.postId}:${row.questionIndex}`));
}
