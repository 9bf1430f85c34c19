import {
  type AddNotebookEntryInput,
  type NotebookEntry,
  type NotebookQuery,
  type NotebookSummary,
  STUDY_LOOP_MESSAGES,
  type Subject,
} from '@estudai/contract';
import { imageViewer, questionImagesOf } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { StoredQuestion } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { decodeNotebookCursor, encodeNotebookCursor } from './cursor.ts';
import {
  countDue,
  countEntriesBySubject,
  deleteEntry,
  findEntryOf,
  findEntryRow,
  findVisibleQuestionItems,
  insertManualEntry,
  listEntryRows,
  updateEntryNote,
} from './notebook.queries.ts';
import { toNotebookEntry } from './questions.present.ts';

const M = STUDY_LOOP_MESSAGES;

/** Issue 42: the images of these entries' questions (an import's) as this viewer gets them. */
export function entryImages(ctx: AppContext, viewer: SessionUser, rows: { question: StoredQuestion }[]) {
  return questionImagesOf(
    ctx.database.db,
    ctx.config.publicUrl,
    imageViewer(viewer, ctx.clock()),
    rows.map((row) => row.question),
  );
}

/** One of the viewer's entries whose question they may still see, with that question. */
export async function findEntry(db: Tx, viewer: SessionUser, entryId: string): Promise<NotebookEntry> {
  const row = isUuid(entryId) ? await findEntryRow(db, viewer.id, entryId) : undefined;
  if (!row) throw notFound(M.entryNotFound);
  return toNotebookEntry(row, viewer.id);
}

/** Which question of a post the viewer may see: 404 for anything they cannot, or that is not one. */
async function findVisibleQuestion(ctx: AppContext, viewer: SessionUser, input: AddNotebookEntryInput) {
  if (!isUuid(input.postId)) throw notFound(M.questionNotFound);
  const items = await findVisibleQuestionItems(ctx.database.db, viewer.id, input.postId);
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
): Promise<{ entry: NotebookEntry; created: boolean }> {
  const question = await findVisibleQuestion(ctx, viewer, input);
  const { db } = ctx.database;
  const inserted = await insertManualEntry(db, viewer.id, question, ctx.clock());
  const existing = inserted ?? (await findEntryOf(db, viewer.id, question));
  if (!existing) throw notFound(M.questionNotFound);
  return { entry: await findEntry(db, viewer, existing.id), created: Boolean(inserted) };
}

/** `PATCH /api/notebook/{id}`: the private note ('Por que errei?'). */
export async function updateNote(ctx: AppContext, viewer: SessionUser, entryId: string, note: string) {
  const { db } = ctx.database;
  await findEntry(db, viewer, entryId);
  await updateEntryNote(db, viewer.id, entryId, note);
  return findEntry(db, viewer, entryId);
}

/** `DELETE /api/notebook/{id}`: the entry and its card go; its reviews stay in the statistics. */
export async function removeEntry(ctx: AppContext, viewer: SessionUser, entryId: string): Promise<void> {
  const deleted = isUuid(entryId) ? await deleteEntry(ctx.database.db, viewer.id, entryId) : 0;
  if (deleted === 0) throw notFound(M.entryNotFound);
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
  const rows = await listEntryRows(ctx.database.db, viewer.id, query, after);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1)?.entry;
  const images = await entryImages(ctx, viewer, page);
  return {
    data: page.map((row) => toNotebookEntry(row, viewer.id, images)),
    hasMore,
    nextCursor: hasMore && last ? encodeNotebookCursor(ctx.config.dataDir, last) : null,
  };
}

/** Counts for the caderno screen: all, due now, and per subject (most first). */
export async function notebookSummary(ctx: AppContext, viewer: SessionUser): Promise<NotebookSummary> {
  const { db } = ctx.database;
  const bySubject = await countEntriesBySubject(db, viewer.id);
  return {
    total: bySubject.reduce((sum, row) => sum + row.count, 0),
    dueNow: await countDue(db, viewer.id, ctx.clock()),
    bySubject: bySubject.map((row) => ({
      subject: (row.subject as Subject | null) ?? null,
      count: row.count,
    })),
  };
}

/** How many entries an export holds at most (a caderno is far smaller in practice). */
const EXPORT_MAX = 5_000;

/** Every entry of the viewer's caderno (questions they may still see), oldest first: the exports. */
export async function allNotebookEntries(ctx: AppContext, viewer: SessionUser): Promise<NotebookEntry[]> {
  const rows = await listEntryRows(ctx.database.db, viewer.id, { limit: EXPORT_MAX - 1 }, undefined);
  return rows.map((row) => toNotebookEntry(row, viewer.id)).reverse();
}
