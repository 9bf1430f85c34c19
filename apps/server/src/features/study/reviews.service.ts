import {
  type DueCards,
  REVIEW_MAX_AGE_DAYS,
  REVIEW_RATINGS,
  type ReviewInput,
  type ReviewResult,
  STUDY_LOOP_MESSAGES,
} from '@estudai/contract';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notebookEntries, reviewLogs } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { applyReview, type Review, replayReviews, type StoredCard } from './fsrs.ts';
import { countDue, findEntry } from './notebook.service.ts';
import { storedCardOf, toNotebookEntry, toReviewCard } from './questions.present.ts';
import { questionVisibleTo, selectNotebookEntries } from './questions.queries.ts';

const M = STUDY_LOOP_MESSAGES;
/** A phone's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 2 * 60 * 1000;
const MAX_AGE_MS = REVIEW_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

/** `GET /api/reviews/due`: the viewer's cards due now, oldest due first, and how many there are. */
export async function listDue(
  ctx: AppContext,
  viewer: SessionUser,
  limit: number,
  now = new Date(),
): Promise<DueCards> {
  const { db } = ctx.database;
  const [rows, total] = await Promise.all([
    selectNotebookEntries(db, viewer.id)
      .where(
        and(
          eq(notebookEntries.userId, viewer.id),
          lte(notebookEntries.due, now),
          questionVisibleTo(viewer.id),
        ),
      )
      .orderBy(asc(notebookEntries.due), asc(notebookEntries.id))
      .limit(limit + 1),
    countDue(db, viewer.id, now),
  ]);
  return {
    data: rows.slice(0, limit).map((row) => toNotebookEntry(row, viewer.id)),
    count: total,
    hasMore: rows.length > limit,
  };
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
  now = new Date(),
): Promise<ReviewResult> {
  if (!isUuid(entryId)) throw notFound(M.entryNotFound);
  // The same 404 as for someone else's entry when its question is out of sight (a group left).
  await findEntry(ctx.database.db, viewer, entryId);
  return ctx.database.db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(notebookEntries)
      .where(and(eq(notebookEntries.id, entryId), eq(notebookEntries.userId, viewer.id)))
      .for('update');
    if (!entry) throw notFound(M.entryNotFound);
    const reviewedAt = reviewInstant(input, entry.createdAt, now);
    const [inserted] = await tx
      .insert(reviewLogs)
      .values({
        userId: viewer.id,
        entryId,
        clientId: input.clientId,
        rating: REVIEW_RATINGS.indexOf(input.rating) + 1,
        reviewedAt,
      })
      .onConflictDoNothing()
      .returning({ id: reviewLogs.id });
    const current = storedCardOf(entry);
    if (!inserted) {
      const [earlier] = await tx
        .select({ entryId: reviewLogs.entryId })
        .from(reviewLogs)
        .where(and(eq(reviewLogs.userId, viewer.id), eq(reviewLogs.clientId, input.clientId)));
      if (earlier?.entryId !== entryId) throw conflict(M.clientIdTaken);
      return { entryId, ...toReviewCard(current), applied: false };
    }
    const card = await nextCard(tx, entry.createdAt, entryId, current, input, reviewedAt);
    await tx.update(notebookEntries).set(card).where(eq(notebookEntries.id, entryId));
    return { entryId, ...toReviewCard(card), applied: true };
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
  const logs = await tx
    .select({ rating: reviewLogs.rating, reviewedAt: reviewLogs.reviewedAt, clientId: reviewLogs.clientId })
    .from(reviewLogs)
    .where(eq(reviewLogs.entryId, entryId));
  const reviews: Review[] = logs.map((log) => ({ ...log, rating: ratingOf(log.rating) }));
  return replayReviews(createdAt, reviews);
}
