import {
  type DueFlashcard,
  REVIEW_MAX_AGE_DAYS,
  REVIEW_RATINGS,
  type ReviewInput,
  type ReviewResult,
  STUDY_LOOP_MESSAGES,
  type UndoReviewResult,
} from '@estudai/contract';
import { type ImageViewer, imageViewer, shownImagesOf } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { applyReview, newCard, replayReviews, type StoredCard, toReviewCard } from '../../lib/fsrs.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  countDueCards,
  deleteCardReviewLog,
  findCardReviewByClientId,
  findVisibleCard,
  insertCardReviewLog,
  listCardReviewLogs,
  listDueCards,
  lockCardState,
  nextCardDueAfter,
  updateCardState,
} from './decks.queries.ts';

// Flashcards in 'Revisão de hoje' (issue 42): the same FSRS as the caderno (study's pure module),
// one schedule per person and card, each review once per `clientId`, replayed in the order done.

type CardRow = NonNullable<Awaited<ReturnType<typeof findVisibleCard>>>;
const CLOCK_SKEW_MS = 2 * 60 * 1000;
const MAX_AGE_MS = REVIEW_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
const ratingOf = (grade: number) => REVIEW_RATINGS[grade - 1] ?? 'again';

function storedOf(row: CardRow): StoredCard {
  const { state } = row;
  if (!state) return newCard(row.createdAt);
  return {
    due: state.due,
    stability: state.stability,
    difficulty: state.difficulty,
    elapsedDays: state.elapsedDays,
    scheduledDays: state.scheduledDays,
    learningSteps: state.learningSteps,
    reps: state.reps,
    lapses: state.lapses,
    state: state.state,
    lastReview: state.lastReview,
  };
}

/** The card's images as this viewer gets them (issue 42: a minor gets no sensitive URL); a removed one is left out. */
type ShownImages = Awaited<ReturnType<typeof shownImagesOf>>;
const shownSide = (urls: string[], shown: ShownImages) => urls.flatMap((url) => shown.get(url) ?? []);

function toDueFlashcard(row: CardRow, shown: ShownImages): DueFlashcard {
  return {
    kind: 'card',
    id: row.id,
    deckId: row.deckId,
    deckName: row.deckName,
    front: row.front,
    back: row.back,
    frontImages: shownSide(row.frontImages, shown),
    backImages: shownSide(row.backImages, shown),
    createdAt: row.createdAt.toISOString(),
    card: toReviewCard(storedOf(row)),
  };
}

function reviewInstant(input: ReviewInput, createdAt: Date, now: Date): Date {
  if (!input.reviewedAt) return now;
  const at = new Date(input.reviewedAt);
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest(STUDY_LOOP_MESSAGES.reviewedAtFuture);
  if (at.getTime() < now.getTime() - MAX_AGE_MS) throw badRequest(STUDY_LOOP_MESSAGES.reviewedAtTooOld);
  return new Date(Math.min(Math.max(at.getTime(), createdAt.getTime()), now.getTime()));
}

async function reviewCard(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: string,
  input: ReviewInput,
): Promise<ReviewResult | null> {
  if (!isUuid(cardId)) return null;
  const row = await findVisibleCard(ctx.database.db, viewer.id, cardId);
  if (!row) return null;
  const now = ctx.clock();
  return ctx.database.db.transaction(async (tx) => {
    const state = await lockCardState(tx, viewer.id, cardId, newCard(row.createdAt));
    const current = storedOf({ ...row, state });
    const reviewedAt = reviewInstant(input, row.createdAt, now);
    const inserted = await insertCardReviewLog(tx, {
      userId: viewer.id,
      cardId,
      clientId: input.clientId,
      rating: REVIEW_RATINGS.indexOf(input.rating) + 1,
      reviewedAt,
    });
    if (!inserted) {
      const earlier = await findCardReviewByClientId(tx, viewer.id, input.clientId);
      if (earlier?.cardId !== cardId) throw conflict(STUDY_LOOP_MESSAGES.clientIdTaken);
      return { entryId: cardId, ...toReviewCard(current), applied: false };
    }
    const card =
      !current.lastReview || reviewedAt.getTime() > current.lastReview.getTime()
        ? applyReview(current, input.rating, reviewedAt)
        : replayReviews(
            row.createdAt,
            (await listCardReviewLogs(tx, viewer.id, cardId)).map((log) => ({
              ...log,
              rating: ratingOf(log.rating),
            })),
          );
    await updateCardState(tx, viewer.id, cardId, card);
    return { entryId: cardId, ...toReviewCard(card), applied: true };
  });
}

async function undoCardReview(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: string,
  clientId: string,
): Promise<UndoReviewResult | null> {
  if (!isUuid(cardId)) return null;
  const row = await findVisibleCard(ctx.database.db, viewer.id, cardId);
  if (!row) return null;
  return ctx.database.db.transaction(async (tx) => {
    await lockCardState(tx, viewer.id, cardId, newCard(row.createdAt));
    if (!(await deleteCardReviewLog(tx, viewer.id, cardId, clientId))) {
      throw notFound(STUDY_LOOP_MESSAGES.reviewNotFound);
    }
    const logs = await listCardReviewLogs(tx, viewer.id, cardId);
    const card = replayReviews(
      row.createdAt,
      logs.map((log) => ({ ...log, rating: ratingOf(log.rating) })),
    );
    await updateCardState(tx, viewer.id, cardId, card);
    return { entryId: cardId, ...toReviewCard(card) };
  });
}

/**
 * The decks' side of the review queue: study's `FlashcardReviews` port, which app.ts hands to its
 * review routes (decks imports nothing of study: the shape is checked where the two meet).
 */
export function flashcardReviews(ctx: AppContext) {
  const { db } = ctx.database;
  const imagesOf = (rows: CardRow[], viewer: ImageViewer) => {
    const urls = [...new Set(rows.flatMap((row) => [...row.frontImages, ...row.backImages]))];
    return urls.length > 0
      ? shownImagesOf(db, ctx.config.publicUrl, viewer, urls)
      : Promise.resolve(new Map());
  };
  return {
    listDue: async (viewer: SessionUser, now: Date, limit: number): Promise<DueFlashcard[]> => {
      const rows = await listDueCards(db, viewer.id, now, limit);
      const shown = await imagesOf(rows, imageViewer(viewer, now));
      return rows.map((row) => toDueFlashcard(row, shown));
    },
    countDue: (viewer: SessionUser, now: Date) => countDueCards(db, viewer.id, now),
    nextDueAfter: (viewer: SessionUser, now: Date) => nextCardDueAfter(db, viewer.id, now),
    review: (viewer: SessionUser, id: string, input: ReviewInput) => reviewCard(ctx, viewer, id, input),
    undo: (viewer: SessionUser, id: string, clientId: string) => undoCardReview(ctx, viewer, id, clientId),
  };
}
