import { and, asc, count, desc, eq, gt, inArray, lte, min, sql } from 'drizzle-orm';
import { deckVisibleSql } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { runNamed } from '../../db/prepared.ts';
import {
  deckCardStates,
  deckCardSuggestions,
  deckCards,
  deckReviewLogs,
  decks,
  studyGroups,
  users,
} from '../../db/schema/index.ts';
import type { StoredCard } from '../../lib/fsrs.ts';
/** A card to insert: its texts and tags, and its sides' images as stored addresses. */
export interface NewCard {
  front: string;
  back: string;
  tags: string[];
  frontImages: string[];
  backImages: string[];
}

/** A card's due instant for the viewer: their schedule's, or (never reviewed) since it exists. */
const dueSql = sql<Date>`coalesce(${deckCardStates.due}, ${deckCards.createdAt})`;

/** The viewer's own schedule of each card (a left join: none yet is a new card). */
const viewerState = (viewerId: string) =>
  and(eq(deckCardStates.cardId, deckCards.id), eq(deckCardStates.userId, viewerId));

export async function insertDeck(tx: Tx, ownerId: string, name: string, cards: NewCard[], now: Date) {
  const [deck] = await tx
    .insert(decks)
    .values({ ownerId, name, cardsCount: cards.length, createdAt: now })
    .returning({ id: decks.id });
  if (!deck) throw new Error('deck not inserted');
  // In slices: one statement's parameters stay well under PostgreSQL's limit.
  for (let start = 0; start < cards.length; start += 500) {
    await tx.insert(deckCards).values(
      cards.slice(start, start + 500).map((card, index) => ({
        deckId: deck.id,
        position: start + index,
        front: card.front,
        back: card.back,
        tags: card.tags,
        frontImages: card.frontImages,
        backImages: card.backImages,
        createdAt: now,
      })),
    );
  }
  return deck.id;
}

/** The decks the viewer sees, newest first, with their owner and shared group. */
export function listVisibleDecks(db: Tx, viewerId: string) {
  return db
    .select({
      deck: decks,
      ownerName: users.displayName,
      groupName: studyGroups.name,
    })
    .from(decks)
    .innerJoin(users, eq(users.id, decks.ownerId))
    .leftJoin(studyGroups, eq(studyGroups.id, decks.sharedGroupId))
    .where(deckVisibleSql(viewerId))
    .orderBy(desc(decks.createdAt), desc(decks.id));
}

/** Per deck, how many of its cards are due for the viewer by `now`. */
export function countDueByDeck(db: Tx, viewerId: string, deckIds: string[], now: Date) {
  if (deckIds.length === 0) return Promise.resolve([]);
  return db
    .select({ deckId: deckCards.deckId, n: count() })
    .from(deckCards)
    .leftJoin(deckCardStates, viewerState(viewerId))
    .where(and(inArray(deckCards.deckId, deckIds), lte(dueSql, now)))
    .groupBy(deckCards.deckId);
}

/** Per deck of `ownerId`, its pending suggestions. */
export function countPendingByDeck(db: Tx, ownerId: string) {
  return db
    .select({ deckId: deckCards.deckId, n: count() })
    .from(deckCardSuggestions)
    .innerJoin(deckCards, eq(deckCards.id, deckCardSuggestions.cardId))
    .innerJoin(decks, eq(decks.id, deckCards.deckId))
    .where(and(eq(decks.ownerId, ownerId), eq(deckCardSuggestions.status, 'pending')))
    .groupBy(deckCards.deckId);
}

export async function findVisibleDeck(db: Tx, viewerId: string, deckId: string) {
  const [deck] = await db
    .select()
    .from(decks)
    .where(and(eq(decks.id, deckId), deckVisibleSql(viewerId)));
  return deck;
}

export async function findOwnDeck(db: Tx, ownerId: string, deckId: string) {
  const [deck] = await db
    .select()
    .from(decks)
    .where(and(eq(decks.id, deckId), eq(decks.ownerId, ownerId)));
  return deck;
}

export async function shareDeck(db: Tx, deckId: string, groupId: string) {
  await db.update(decks).set({ sharedGroupId: groupId }).where(eq(decks.id, deckId));
}

const cardColumns = {
  id: deckCards.id,
  deckId: deckCards.deckId,
  deckName: decks.name,
  deckOwnerId: decks.ownerId,
  front: deckCards.front,
  back: deckCards.back,
  frontImages: deckCards.frontImages,
  backImages: deckCards.backImages,
  createdAt: deckCards.createdAt,
  state: deckCardStates,
};

/** The viewer's flashcards due by `now`, oldest due first. */
// The three reads of every GET /api/reviews/due are named (db/prepared.ts `runNamed`): PostgreSQL
// planned each again on every call, 0.4–0.9 ms of planning for 0.04–0.08 ms of running (issue 41).
export function listDueCards(db: Tx, viewerId: string, now: Date, limit: number) {
  return runNamed(
    db
      .select(cardColumns)
      .from(deckCards)
      .innerJoin(decks, eq(decks.id, deckCards.deckId))
      .leftJoin(deckCardStates, viewerState(viewerId))
      .where(and(deckVisibleSql(viewerId), lte(dueSql, now)))
      .orderBy(asc(dueSql), asc(deckCards.deckId), asc(deckCards.position))
      .limit(limit),
  );
}

export async function countDueCards(db: Tx, viewerId: string, now: Date): Promise<number> {
  const [row] = await runNamed(
    db
      .select({ n: count() })
      .from(deckCards)
      .innerJoin(decks, eq(decks.id, deckCards.deckId))
      .leftJoin(deckCardStates, viewerState(viewerId))
      .where(and(deckVisibleSql(viewerId), lte(dueSql, now))),
  );
  return row?.n ?? 0;
}

export async function nextCardDueAfter(db: Tx, viewerId: string, now: Date): Promise<Date | null> {
  const [row] = await runNamed(
    db
      .select({ next: min(dueSql) })
      .from(deckCards)
      .innerJoin(decks, eq(decks.id, deckCards.deckId))
      .leftJoin(deckCardStates, viewerState(viewerId))
      .where(and(deckVisibleSql(viewerId), gt(dueSql, now))),
  );
  return row?.next ? new Date(row.next) : null;
}

/** One card the viewer may see, with their schedule of it. */
export async function findVisibleCard(db: Tx, viewerId: string, cardId: string) {
  const [row] = await db
    .select(cardColumns)
    .from(deckCards)
    .innerJoin(decks, eq(decks.id, deckCards.deckId))
    .leftJoin(deckCardStates, viewerState(viewerId))
    .where(and(eq(deckCards.id, cardId), deckVisibleSql(viewerId)));
  return row;
}

/** The viewer's schedule row of a card, locked (created new first when missing). */
export async function lockCardState(tx: Tx, userId: string, cardId: string, initial: StoredCard) {
  await tx
    .insert(deckCardStates)
    .values({ userId, cardId, ...initial })
    .onConflictDoNothing();
  const [state] = await tx
    .select()
    .from(deckCardStates)
    .where(and(eq(deckCardStates.userId, userId), eq(deckCardStates.cardId, cardId)))
    .for('update');
  if (!state) throw new Error('card state missing');
  return state;
}

export async function updateCardState(tx: Tx, userId: string, cardId: string, card: StoredCard) {
  await tx
    .update(deckCardStates)
    .set(card)
    .where(and(eq(deckCardStates.userId, userId), eq(deckCardStates.cardId, cardId)));
}

export async function insertCardReviewLog(tx: Tx, values: typeof deckReviewLogs.$inferInsert) {
  const [inserted] = await tx
    .insert(deckReviewLogs)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: deckReviewLogs.id });
  return inserted;
}

export async function findCardReviewByClientId(tx: Tx, userId: string, clientId: string) {
  const [row] = await tx
    .select({ cardId: deckReviewLogs.cardId })
    .from(deckReviewLogs)
    .where(and(eq(deckReviewLogs.userId, userId), eq(deckReviewLogs.clientId, clientId)));
  return row;
}

export function listCardReviewLogs(tx: Tx, userId: string, cardId: string) {
  return tx
    .select({
      rating: deckReviewLogs.rating,
      reviewedAt: deckReviewLogs.reviewedAt,
      clientId: deckReviewLogs.clientId,
    })
    .from(deckReviewLogs)
    .where(and(eq(deckReviewLogs.userId, userId), eq(deckReviewLogs.cardId, cardId)));
}

export async function deleteCardReviewLog(tx: Tx, userId: string, cardId: string, clientId: string) {
  const deleted = await tx
    .delete(deckReviewLogs)
    .where(
      and(
        eq(deckReviewLogs.userId, userId),
        eq(deckReviewLogs.cardId, cardId),
        eq(deckReviewLogs.clientId, clientId),
      ),
    )
    .returning({ id: deckReviewLogs.id });
  return deleted.length > 0;
}

export async function insertSuggestion(
  db: Tx,
  values: { cardId: string; authorId: string; front: string; back: string; createdAt: Date },
) {
  const [row] = await db.insert(deckCardSuggestions).values(values).returning();
  if (!row) throw new Error('suggestion not inserted');
  return row;
}

const suggestionColumns = {
  suggestion: deckCardSuggestions,
  currentFront: deckCards.front,
  currentBack: deckCards.back,
  authorName: users.displayName,
  deckOwnerId: decks.ownerId,
};

const suggestionsFrom = (db: Tx) =>
  db
    .select(suggestionColumns)
    .from(deckCardSuggestions)
    .innerJoin(deckCards, eq(deckCards.id, deckCardSuggestions.cardId))
    .innerJoin(decks, eq(decks.id, deckCards.deckId))
    .innerJoin(users, eq(users.id, deckCardSuggestions.authorId));

export function listPendingSuggestions(db: Tx, deckId: string) {
  return suggestionsFrom(db)
    .where(and(eq(deckCards.deckId, deckId), eq(deckCardSuggestions.status, 'pending')))
    .orderBy(asc(deckCardSuggestions.createdAt), asc(deckCardSuggestions.id));
}

export async function findSuggestion(db: Tx, suggestionId: string) {
  const [row] = await suggestionsFrom(db).where(eq(deckCardSuggestions.id, suggestionId));
  return row;
}

export async function decideSuggestion(
  tx: Tx,
  suggestionId: string,
  status: 'accepted' | 'rejected',
  now: Date,
) {
  const [row] = await tx
    .update(deckCardSuggestions)
    .set({ status, decidedAt: now })
    .where(and(eq(deckCardSuggestions.id, suggestionId), eq(deckCardSuggestions.status, 'pending')))
    .returning();
  return row;
}

export async function updateCardText(tx: Tx, cardId: string, front: string, back: string) {
  await tx.update(deckCards).set({ front, back }).where(eq(deckCards.id, cardId));
}

/**
 * Deletes one of the owner's decks (its cards, schedules, reviews and suggestions go with it);
 * answers its cards' image addresses (for their files to go too), or null when it is not theirs.
 */
export async function deleteOwnDeck(db: Tx, ownerId: string, deckId: string): Promise<string[] | null> {
  const images = await db
    .select({ front: deckCards.frontImages, back: deckCards.backImages })
    .from(deckCards)
    .innerJoin(decks, eq(decks.id, deckCards.deckId))
    .where(and(eq(decks.id, deckId), eq(decks.ownerId, ownerId)));
  const deleted = await db
    .delete(decks)
    .where(and(eq(decks.id, deckId), eq(decks.ownerId, ownerId)))
    .returning({ id: decks.id });
  if (deleted.length === 0) return null;
  return [...new Set(images.flatMap((card) => [...card.front, ...card.back]))];
}
