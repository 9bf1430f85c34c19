import {
  type DueCards,
  type DueItem,
  type NotebookEntry,
  REVIEW_MAX_AGE_DAYS,
  REVIEW_RATINGS,
  type ReviewInput,
  type ReviewResult,
  STUDY_LOOP_MESSAGES,
  type UndoReviewResult,
} from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { applyReview, type Review, replayReviews, type StoredCard, toReviewCard } from '../../lib/fsrs.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { FlashcardReviews } from './flashcard-reviews.ts';
import { countDue } from './notebook.queries.ts';
import { entryImages, findEntry } from './notebook.service.ts';
import { storedCardOf, toNotebookEntry } from './questions.present.ts';
import {
  deleteReviewLog,
  findReviewByClientId,
  firstDueRow,
  insertReviewLog,
  listDueRows,
  listReviewLogs,
  lockEntry,
  nextDueAfter,
  updateCard,
} from './reviews.queries.ts';

const M = STUDY_LOOP_MESSAGES;
/** A phone's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 2 * 60 * 1000;
const MAX_AGE_MS = REVIEW_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

/**
 * `GET /api/reviews/due`: the viewer's caderno entries and flashcards due now, oldest due first,
 * and how many there are.
 */
export async function listDue(
  ctx: AppContext,
  viewer: SessionUser,
  limit: number,
  flashcards?: FlashcardReviews,
): Promise<DueCards> {
  const { db } = ctx.database;
  const now = ctx.clock();
  const [rows, total, next, cards, cardsTotal, cardsNext] = await Promise.all([
    listDueRows(db, viewer.id, now, limit),
    countDue(db, viewer.id, now),
    nextDueAfter(db, viewer.id, now),
    flashcards ? flashcards.listDue(viewer, now, limit + 1) : [],
    flashcards ? flashcards.countDue(viewer, now) : 0,
    flashcards ? flashcards.nextDueAfter(viewer, now) : null,
  ]);
  const images = await entryImages(ctx, viewer, rows);
  const entries: DueItem[] = rows.map((row) => ({
    kind: 'entry',
    ...toNotebookEntry(row, viewer.id, images),
  }));
  // A stable sort: at the same instant, each source keeps its own order (entries, then cards).
  const merged = [...entries, ...cards].sort((a, b) => Date.parse(a.card.due) - Date.parse(b.card.due));
  const nextDue = [next, cardsNext].filter((at): at is Date => at !== null).sort((a, b) => +a - +b)[0];
  return {
    data: merged.slice(0, limit),
    count: total + cardsTotal,
    hasMore: merged.length > limit,
    nextDueAt: nextDue ? nextDue.toISOString() : null,
  };
}

/** The viewer's card due first now, among a subject's (and a topic's) questions: adaptive practice's first pick. */
export async function firstDueEntry(
  ctx: AppContext,
  viewer: SessionUser,
  filters: { subject?: string; topic?: string },
): Promise<NotebookEntry | null> {
  const row = await firstDueRow(ctx.database.db, viewer.id, ctx.clock(), filters.subject, filters.topic);
  return row ? toNotebookEntry(row, viewer.id, await entryImages(ctx, viewer, [row])) : null;
}

/** When the review was done: not in the future, at most 30 days ago, never before the entry existed. */
function reviewInstant(input: ReviewInput, createdAt: Date, now: Date): Date {
  if (!input.reviewedAt) return now;
  const at = new Date(input.reviewedAt);
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest(M.reviewedAtFuture);
  if (at.getTime() < now.getTime() - MAX_AGE_MS) throw badRequest(M.reviewedAtTooOld);
  const clamped = Math.min(Math.max(at.getTime(), createdAt.getTime()), now.getTime());
  return new Date(clamped);
}

const ratingOf = (grade: number) => REVIEW_RATINGS[grade - 1] ?? 'again';

/**
 * `POST /api/reviews/{entryId}`: applies one FSRS review, once per `clientId`. The card is the
 * replay of all the entry's reviews in the order they were done, so reviews synced late or out of
 * order land on the same card as if they had arrived in time.
 */
export async function reviewEntry(
  ctx: AppContext,
  viewer: SessionUser,
  entryId: string,
  input: ReviewInput,
): Promise<ReviewResult> {
  if (!isUuid(entryId)) throw notFound(M.entryNotFound);
  const now = ctx.clock();
  // The same 404 as for someone else's entry when its question is out of sight (a group left).
  await findEntry(ctx.database.db, viewer, entryId);
  return ctx.database.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, viewer.id, entryId);
    if (!entry) throw notFound(M.entryNotFound);
    const reviewedAt = reviewInstant(input, entry.createdAt, now);
    const inserted = await insertReviewLog(tx, {
      userId: viewer.id,
      entryId,
      clientId: input.clientId,
      rating: REVIEW_RATINGS.indexOf(input.rating) + 1,
      reviewedAt,
    });
    const current = storedCardOf(entry);
    if (!inserted) {
      const earlier = await findReviewByClientId(tx, viewer.id, input.clientId);
      if (earlier?.entryId !== entryId) throw conflict(M.clientIdTaken);
      return { entryId, ...toReviewCard(current), applied: false };
    }
    const card = await nextCard(tx, entry.createdAt, entryId, current, input, reviewedAt);
    await updateCard(tx, entryId, card);
    return { entryId, ...toReviewCard(card), applied: true };
  });
}

/**
 * `DELETE /api/reviews/{entryId}/{clientId}` ('Desfazer'): the review's log row goes, and the card
 * becomes the replay of the reviews left, which is the card as it was before that review.
 */
export async function undoReview(
  ctx: AppContext,
  viewer: SessionUser,
  entryId: string,
  clientId: string,
): Promise<UndoReviewResult> {
  if (!isUuid(entryId)) throw notFound(M.entryNotFound);
  if (!isUuid(clientId)) throw notFound(M.reviewNotFound);
  await findEntry(ctx.database.db, viewer, entryId);
  return ctx.database.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, viewer.id, entryId);
    if (!entry) throw notFound(M.entryNotFound);
    if (!(await deleteReviewLog(tx, viewer.id, entryId, clientId))) throw notFound(M.reviewNotFound);
    const logs = await listReviewLogs(tx, entryId);
    const card = replayReviews(
      entry.createdAt,
      logs.map((log) => ({ ...log, rating: ratingOf(log.rating) })),
    );
    await updateCard(tx, entryId, card);
    return { entryId, ...toReviewCard(card) };
  });
}

/** The newest review applies on top of the card; an older one (a late sync) replays them all. */
async function nextCard(
  tx: Tx,
  createdAt: Date,
  entryId: string,
  current: StoredCard,
  input: ReviewInput,
  reviewedAt: Date,
): Promise<StoredCard> {
  if (!current.lastReview || reviewedAt.getTime() > current.lastReview.getTime()) {
    return applyReview(current, input.rating, reviewedAt);
  }
  const logs = await listReviewLogs(tx, entryId);
  const reviews: Review[] = logs.map((log) => ({ ...log, rating: ratingOf(log.rating) }));
  return replayReviews(createdAt, reviews);
}
