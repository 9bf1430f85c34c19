import {
  type AddNotebookEntryInput,
  type NotebookEntry,
  type NotebookQuery,
  type NotebookSummary,
  STUDY_LOOP_MESSAGES,
  type Subject,
} from '@estudai/contract';
import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notebookEntries, posts, questionItems, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { decodeNotebookCursor, encodeNotebookCursor } from './cursor.ts';
import { toNotebookEntry } from './questions.present.ts';
import { questionVisibleTo, selectNotebookEntries } from './questions.queries.ts';

const M = STUDY_LOOP_MESSAGES;

export interface QuestionRef {
  postId: string;
  questionIndex: number;
}

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
export async function findEntry(db: Tx, viewer: SessionUser, entryId: string): Promise<NotebookEntry> {
  const [row] = isUuid(entryId)
    ? await selectNotebookEntries(db, viewer.id)
        .where(
          and(
            eq(notebookEntries.id, entryId),
            eq(notebookEntries.userId, viewer.id),
            questionVisibleTo(viewer.id),
          ),
        )
        .limit(1)
    : [];
  if (!row) throw notFound(M.entryNotFound);
  return toNotebookEntry(row, viewer.id);
}

/** Which question of a post the viewer may see: 404 for anything they cannot, or that is not one. */
async function findVisibleQuestion(ctx: AppContext, viewer: SessionUser, input: AddNotebookEntryInput) {
  if (!isUuid(input.postId)) throw notFound(M.questionNotFound);
  const items = await ctx.database.db
    .select({ questionIndex: questionItems.questionIndex, type: posts.type })
    .from(questionItems)
    .innerJoin(posts, eq(posts.id, questionItems.postId))
    .innerJoin(users, and(eq(users.id, questionItems.authorId), isNull(users.suspendedAt)))
    .where(and(eq(questionItems.postId, input.postId), questionVisibleTo(viewer.id)));
  const first = items[0];
  if (!first) throw notFound(M.questionNotFound);
  if (first.type === 'question_set' && input.questionIndex === undefined)
    throw badRequest(M.questionIndexRequired);
  const questionIndex = input.questionIndex ?? 0;
  if (!items.some((item) => item.questionIndex === questionIndex)) throw notFound(M.questionNotFound);
  return { postId: input.postId, questionIndex };
}

/** `POST /api/notebook`: adds a question by hand; one already there is answered as it is. */
export async function addEntry(
  ctx: AppContext,
  viewer: SessionUser,
  input: AddNotebookEntryInput,
  now = new Date(),
): Promise<{ entry: NotebookEntry; created: boolean }> {
  const question = await findVisibleQuestion(ctx, viewer, input);
  const { db } = ctx.database;
  const [inserted] = await db
    .insert(notebookEntries)
    .values({ userId: viewer.id, ...question, reason: 'manual', createdAt: now, due: now })
    .onConflictDoNothing()
    .returning({ id: notebookEntries.id });
  const [existing] = inserted
    ? [inserted]
    : await db
        .select({ id: notebookEntries.id })
        .from(notebookEntries)
        .where(
          and(
            eq(notebookEntries.userId, viewer.id),
            eq(notebookEntries.postId, question.postId),
            eq(notebookEntries.questionIndex, question.questionIndex),
          ),
        );
  if (!existing) throw notFound(M.questionNotFound);
  return { entry: await findEntry(db, viewer, existing.id), created: Boolean(inserted) };
}

/** `PATCH /api/notebook/{id}`: the private note ('Por que errei?'). */
export async function updateNote(ctx: AppContext, viewer: SessionUser, entryId: string, note: string) {
  const { db } = ctx.database;
  await findEntry(db, viewer, entryId);
  await db
    .update(notebookEntries)
    .set({ note })
    .where(and(eq(notebookEntries.id, entryId), eq(notebookEntries.userId, viewer.id)));
  return findEntry(db, viewer, entryId);
}

/** `DELETE /api/notebook/{id}`: the entry and its card go; its reviews stay in the statistics. */
export async function removeEntry(ctx: AppContext, viewer: SessionUser, entryId: string): Promise<void> {
  const deleted = isUuid(entryId)
    ? await ctx.database.db
        .delete(notebookEntries)
        .where(and(eq(notebookEntries.id, entryId), eq(notebookEntries.userId, viewer.id)))
        .returning({ id: notebookEntries.id })
    : [];
  if (deleted.length === 0) throw notFound(M.entryNotFound);
}

export interface NotebookPage {
  data: NotebookEntry[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** `GET /api/notebook`: the viewer's entries, most recently added first, optionally of one subject. */
export async function listEntries(
  ctx: AppContext,
  viewer: SessionUser,
  query: NotebookQuery,
): Promise<NotebookPage> {
  const after = query.cursor ? decodeNotebookCursor(ctx.config.dataDir, query.cursor) : undefined;
  const rows = await selectNotebookEntries(ctx.database.db, viewer.id)
    .where(
      and(
        eq(notebookEntries.userId, viewer.id),
        questionVisibleTo(viewer.id),
        query.subject ? eq(questionItems.subject, query.subject) : undefined,
        after
          ? sql`(${notebookEntries.createdAt}, ${notebookEntries.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notebookEntries.createdAt), desc(notebookEntries.id))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1)?.entry;
  return {
    data: page.map((row) => toNotebookEntry(row, viewer.id)),
    hasMore,
    nextCursor: hasMore && last ? encodeNotebookCursor(ctx.config.dataDir, last) : null,
  };
}

/** How many of the viewer's cards (whose question they may still see) are due by `until`. */
export async function countDue(db: Tx, userId: string, until: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notebookEntries)
    .innerJoin(
      questionItems,
      and(
        eq(questionItems.postId, notebookEntries.postId),
        eq(questionItems.questionIndex, notebookEntries.questionIndex),
      ),
    )
    .innerJoin(users, and(eq(users.id, questionItems.authorId), isNull(users.suspendedAt)))
    .where(
      and(eq(notebookEntries.userId, userId), lte(notebookEntries.due, until), questionVisibleTo(userId)),
    );
  return row?.n ?? 0;
}

/** Counts for the caderno screen: all, due now, and per subject (most first). */
export async function notebookSummary(
  ctx: AppContext,
  viewer: SessionUser,
  now = new Date(),
): Promise<NotebookSummary> {
  const { db } = ctx.database;
  const bySubject = await db
    .select({ subject: questionItems.subject, count: count() })
    .from(notebookEntries)
    .innerJoin(
      questionItems,
      and(
        eq(questionItems.postId, notebookEntries.postId),
        eq(questionItems.questionIndex, notebookEntries.questionIndex),
      ),
    )
    .innerJoin(users, and(eq(users.id, questionItems.authorId), isNull(users.suspendedAt)))
    .where(and(eq(notebookEntries.userId, viewer.id), questionVisibleTo(viewer.id)))
    .groupBy(questionItems.subject)
    .orderBy(desc(count()), asc(questionItems.subject));
  return {
    total: bySubject.reduce((sum, row) => sum + row.count, 0),
    dueNow: await countDue(db, viewer.id, now),
    bySubject: bySubject.map((row) => ({
      subject: (row.subject as Subject | null) ?? null,
      count: row.count,
    })),
  };
}
