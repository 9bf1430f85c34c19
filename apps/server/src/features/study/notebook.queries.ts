import type { Subject } from '@estudai/contract';
import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { runNamed } from '../../db/prepared.ts';
import { notebookEntries, posts, questionItems, users } from '../../db/schema/index.ts';
import {
  entryQuestion,
  liveAuthor,
  type QuestionRef,
  questionVisibleTo,
  selectNotebookEntries,
} from './questions.queries.ts';

/**
 * The caderno entries of wrong answers, inside the answer's transaction: once per question however
 * often or concurrently it is answered wrong (unique index, conflicts ignored). A new card is due at once.
 */
export async function recordWrongAnswers(tx: Tx, userId: string, questions: QuestionRef[], at: Date) {
  if (questions.length === 0) return;
  await tx
    .insert(notebookEntries)
    .values(questions.map((q) => ({ userId, ...q, reason: 'wrong' as const, createdAt: at, due: at })))
    .onConflictDoNothing();
}

/** One of the viewer's entries whose question they may still see, with that question. */
export async function findEntryRow(db: Tx, viewerId: string, entryId: string) {
  const [row] = await selectNotebookEntries(db, viewerId)
    .where(
      and(eq(notebookEntries.id, entryId), eq(notebookEntries.userId, viewerId), questionVisibleTo(viewerId)),
    )
    .limit(1);
  return row;
}

/** The bank's items of a post that the viewer may see, with the post's type. */
export function findVisibleQuestionItems(db: Tx, viewerId: string, postId: string) {
  return db
    .select({ questionIndex: questionItems.questionIndex, type: posts.type })
    .from(questionItems)
    .innerJoin(posts, eq(posts.id, questionItems.postId))
    .innerJoin(users, liveAuthor)
    .where(and(eq(questionItems.postId, postId), questionVisibleTo(viewerId)));
}

/** A question added by hand, due at once: its id, or undefined when it was there already. */
export async function insertManualEntry(db: Tx, userId: string, question: QuestionRef, now: Date) {
  const [inserted] = await db
    .insert(notebookEntries)
    .values({ userId, ...question, reason: 'manual', createdAt: now, due: now })
    .onConflictDoNothing()
    .returning({ id: notebookEntries.id });
  return inserted;
}

/** The user's entry for a question, if any. */
export async function findEntryOf(db: Tx, userId: string, question: QuestionRef) {
  const [existing] = await db
    .select({ id: notebookEntries.id })
    .from(notebookEntries)
    .where(
      and(
        eq(notebookEntries.userId, userId),
        eq(notebookEntries.postId, question.postId),
        eq(notebookEntries.questionIndex, question.questionIndex),
      ),
    );
  return existing;
}

export async function updateEntryNote(db: Tx, userId: string, entryId: string, note: string): Promise<void> {
  await db
    .update(notebookEntries)
    .set({ note })
    .where(and(eq(notebookEntries.id, entryId), eq(notebookEntries.userId, userId)));
}

/** Deletes one of the user's entries: how many rows went (0 or 1). */
export async function deleteEntry(db: Tx, userId: string, entryId: string): Promise<number> {
  const deleted = await db
    .delete(notebookEntries)
    .where(and(eq(notebookEntries.id, entryId), eq(notebookEntries.userId, userId)))
    .returning({ id: notebookEntries.id });
  return deleted.length;
}

/** One page of the viewer's entries, most recently added first, after a keyset position. */
export function listEntryRows(
  db: Tx,
  viewerId: string,
  query: { subject?: Subject; limit: number },
  after: { createdAt: Date; id: string } | undefined,
) {
  return runNamed(
    selectNotebookEntries(db, viewerId)
      .where(
        and(
          eq(notebookEntries.userId, viewerId),
          questionVisibleTo(viewerId),
          query.subject ? eq(questionItems.subject, query.subject) : undefined,
          after
            ? sql`(${notebookEntries.createdAt}, ${notebookEntries.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(notebookEntries.createdAt), desc(notebookEntries.id))
      .limit(query.limit + 1),
  );
}

/** How many of the viewer's cards (whose question they may still see) are due by `until`. */
export async function countDue(db: Tx, userId: string, until: Date): Promise<number> {
  const [row] = await runNamed(
    db
      .select({ n: count() })
      .from(notebookEntries)
      .innerJoin(questionItems, entryQuestion)
      .innerJoin(users, liveAuthor)
      .where(
        and(eq(notebookEntries.userId, userId), lte(notebookEntries.due, until), questionVisibleTo(userId)),
      ),
  );
  return row?.n ?? 0;
}

/** The viewer's entries per subject (whose question they may still see), most first. */
export function countEntriesBySubject(db: Tx, viewerId: string) {
  return runNamed(
    db
      .select({ subject: questionItems.subject, count: count() })
      .from(notebookEntries)
      .innerJoin(questionItems, entryQuestion)
      .innerJoin(users, liveAuthor)
      .where(and(eq(notebookEntries.userId, viewerId), questionVisibleTo(viewerId)))
      .groupBy(questionItems.subject)
      .orderBy(desc(count()), asc(questionItems.subject)),
  );
}
