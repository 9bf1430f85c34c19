import { and, asc, eq, gt, lte, min, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { runNamed } from '../../db/prepared.ts';
import { notebookEntries, questionItems, reviewLogs, users } from '../../db/schema/index.ts';
import { entryQuestion, liveAuthor, questionVisibleTo, selectNotebookEntries } from './questions.queries.ts';

/** The viewer's cards due by `now` (and one more: whether more remain), oldest due first. */
export function listDueRows(db: Tx, viewerId: string, now: Date, limit: number) {
  return runNamed(
    selectNotebookEntries(db, viewerId)
      .where(
        and(eq(notebookEntries.userId, viewerId), lte(notebookEntries.due, now), questionVisibleTo(viewerId)),
      )
      .orderBy(asc(notebookEntries.due), asc(notebookEntries.id))
      .limit(limit + 1),
  );
}

/**
 * The viewer's card due first by `now` among a subject's (and a topic's) questions, if any. Most
 * asks (practice's every question) find none due: a probe of the due index answers those without
 * planning the whole read, which costs more than running it.
 */
export async function firstDueRow(db: Tx, viewerId: string, now: Date, subject?: string, topic?: string) {
  const anyDue = await db
    .select({ id: notebookEntries.id })
    .from(notebookEntries)
    .where(and(eq(notebookEntries.userId, viewerId), lte(notebookEntries.due, now)))
    .limit(1);
  if (anyDue.length === 0) return undefined;
  // Named, as the caderno's other reads (issue 41): a subject, a topic, both or neither.
  const [row] = await runNamed(
    selectNotebookEntries(db, viewerId)
      .where(
        and(
          eq(notebookEntries.userId, viewerId),
          lte(notebookEntries.due, now),
          questionVisibleTo(viewerId),
          subject ? eq(questionItems.subject, subject) : undefined,
          topic ? sql`${questionItems.topicKey} = estudai_fold(${topic})` : undefined,
        ),
      )
      .orderBy(asc(notebookEntries.due), asc(notebookEntries.id))
      .limit(1),
  );
  return row;
}

/** The user's entry, its row locked until the transaction ends. */
export async function lockEntry(tx: Tx, userId: string, entryId: string) {
  const [entry] = await tx
    .select()
    .from(notebookEntries)
    .where(and(eq(notebookEntries.id, entryId), eq(notebookEntries.userId, userId)))
    .for('update');
  return entry;
}

/** A review, once per user and `clientId`: its id, or undefined when that clientId was logged before. */
export async function insertReviewLog(tx: Tx, values: typeof reviewLogs.$inferInsert) {
  const [inserted] = await tx
    .insert(reviewLogs)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: reviewLogs.id });
  return inserted;
}

/** The entry an earlier review with this `clientId` of the user's was for. */
export async function findReviewByClientId(tx: Tx, userId: string, clientId: string) {
  const [earlier] = await tx
    .select({ entryId: reviewLogs.entryId })
    .from(reviewLogs)
    .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.clientId, clientId)));
  return earlier;
}

/** Every review of an entry, in no particular order. */
export function listReviewLogs(tx: Tx, entryId: string) {
  return tx
    .select({ rating: reviewLogs.rating, reviewedAt: reviewLogs.reviewedAt, clientId: reviewLogs.clientId })
    .from(reviewLogs)
    .where(eq(reviewLogs.entryId, entryId));
}

export async function updateCard(
  tx: Tx,
  entryId: string,
  card: Partial<typeof notebookEntries.$inferInsert>,
): Promise<void> {
  await tx.update(notebookEntries).set(card).where(eq(notebookEntries.id, entryId));
}

/** When the viewer's first card not due by `now` comes due (of questions they may still see). */
export async function nextDueAfter(db: Tx, viewerId: string, now: Date): Promise<Date | null> {
  const [row] = await runNamed(
    db
      .select({ next: min(notebookEntries.due) })
      .from(notebookEntries)
      .innerJoin(questionItems, entryQuestion)
      .innerJoin(users, liveAuthor)
      .where(
        and(eq(notebookEntries.userId, viewerId), gt(notebookEntries.due, now), questionVisibleTo(viewerId)),
      ),
  );
  return row?.next ?? null;
}

/** Removes the user's review of this entry with this `clientId`: whether there was one. */
export async function deleteReviewLog(tx: Tx, userId: string, entryId: string, clientId: string) {
  const deleted = await tx
    .delete(reviewLogs)
    .where(
      and(eq(reviewLogs.userId, userId), eq(reviewLogs.entryId, entryId), eq(reviewLogs.clientId, clientId)),
    )
    .returning({ id: reviewLogs.id });
  return deleted.length > 0;
}
