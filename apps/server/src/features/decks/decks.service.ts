import {
  type CardSuggestion,
  type CardSuggestionInput,
  DECK_MESSAGES,
  DECK_NAME_MAX,
  type Deck,
  type ImportDeckResult,
} from '@estudai/contract';
import { deckShareRefusal, groupAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { ImportedImages } from '../../plugins/media.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { type ImportedDeck, readApkg } from './apkg-read.ts';
import { toCardSuggestion } from './decks.present.ts';
import {
  countDueByDeck,
  countPendingByDeck,
  decideSuggestion,
  deleteOwnDeck,
  findOwnDeck,
  findSuggestion,
  findVisibleCard,
  findVisibleDeck,
  insertDeck,
  insertSuggestion,
  listPendingSuggestions,
  listVisibleDecks,
  shareDeck,
  updateCardText,
} from './decks.queries.ts';
import { withoutControls } from './html-text.ts';

const M = DECK_MESSAGES;

const stemOf = (fileName: string | undefined) =>
  withoutControls(fileName ?? '')
    .split(/[\\/]/)
    .pop()
    ?.replace(/\.apkg$/i, '')
    .trim() || 'Baralho do Anki';

/**
 * Issue 42: the cards' images stored as the importer's own uploads through media's checks (type by
 * its bytes, size, pixels, then the image check); one the checks refuse is left out and counted.
 * Answers each stored name's address.
 */
async function storeCardImages(
  images: ImportedImages,
  ownerId: string,
  deck: ImportedDeck,
): Promise<{ urls: Map<string, string>; refused: number }> {
  const urls = new Map<string, string>();
  let refused = 0;
  for (const [name, bytes] of deck.images) {
    try {
      urls.set(name, await images.store(ownerId, 'card_image', Buffer.from(bytes)));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused += 1;
    }
  }
  return { urls, refused };
}

/** `POST /api/decks/import`: the whole deck in one transaction, or nothing (its images go with a failure). */
export async function importDeck(
  ctx: AppContext,
  viewer: SessionUser,
  bytes: Uint8Array,
  fileName: string | undefined,
  images: ImportedImages,
): Promise<ImportDeckResult> {
  const deck = await readApkg(bytes, stemOf(fileName));
  const name = deck.name.slice(0, DECK_NAME_MAX);
  const stored = await storeCardImages(images, viewer.id, deck);
  const addresses = (names: string[]) => names.flatMap((image) => stored.urls.get(image) ?? []);
  const cards = deck.cards.map((card) => ({
    ...card,
    frontImages: addresses(card.frontImages),
    backImages: addresses(card.backImages),
  }));
  let deckId: string;
  try {
    deckId = await ctx.database.db.transaction((tx) => insertDeck(tx, viewer.id, name, cards, ctx.clock()));
  } catch (error) {
    await ctx.events.transaction((tx) => images.release(tx, [...stored.urls.values()]));
    throw error;
  }
  return {
    deckId,
    cards: cards.length,
    images: stored.urls.size,
    mediaSkipped: deck.mediaSkipped + stored.refused,
  };
}

/** `GET /api/decks`: the viewer's decks and those shared with their groups. */
export async function listDecks(ctx: AppContext, viewer: SessionUser): Promise<Deck[]> {
  const { db } = ctx.database;
  const rows = await listVisibleDecks(db, viewer.id);
  const [due, pending] = await Promise.all([
    countDueByDeck(
      db,
      viewer.id,
      rows.map((row) => row.deck.id),
      ctx.clock(),
    ),
    countPendingByDeck(db, viewer.id),
  ]);
  const dueOf = new Map(due.map((row) => [row.deckId, row.n]));
  const pendingOf = new Map(pending.map((row) => [row.deckId, row.n]));
  return rows.map(({ deck, ownerName, groupName }) => {
    const isOwner = deck.ownerId === viewer.id;
    return {
      id: deck.id,
      name: deck.name,
      cardsCount: deck.cardsCount,
      dueCount: dueOf.get(deck.id) ?? 0,
      isOwner,
      owner: { id: deck.ownerId, name: ownerName },
      sharedGroup: deck.sharedGroupId && groupName ? { id: deck.sharedGroupId, name: groupName } : null,
      pendingSuggestions: isOwner ? (pendingOf.get(deck.id) ?? 0) : 0,
      createdAt: deck.createdAt.toISOString(),
    };
  });
}

/** `POST /api/decks/{id}/share`: the owner, to a group they own or co-teach. */
export async function shareDeckWithGroup(
  ctx: AppContext,
  viewer: SessionUser,
  deckId: string,
  groupId: string,
) {
  const { db } = ctx.database;
  const deck = isUuid(deckId) ? await findOwnDeck(db, viewer.id, deckId) : undefined;
  const access = await groupAccess(db, groupId, viewer.id, ctx.clock());
  const refusal = deckShareRefusal({ isOwner: Boolean(deck), teachesGroup: access.canManage });
  if (refusal === 404 || !deck) throw notFound(M.deckNotFound);
  if (refusal === 403) throw forbidden(M.shareForbidden);
  await shareDeck(db, deck.id, access.group.id);
  return (await listDecks(ctx, viewer)).find((item) => item.id === deck.id);
}

/** `POST /api/cards/{id}/suggestions`: anyone who sees the card; the owner answers. */
export async function suggestEdit(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: string,
  input: CardSuggestionInput,
): Promise<CardSuggestion> {
  const { db } = ctx.database;
  const card = isUuid(cardId) ? await findVisibleCard(db, viewer.id, cardId) : undefined;
  if (!card) throw notFound(M.cardNotFound);
  const row = await insertSuggestion(db, { cardId, authorId: viewer.id, ...input, createdAt: ctx.clock() });
  return toCardSuggestion({
    suggestion: row,
    currentFront: card.front,
    currentBack: card.back,
    authorName: viewer.displayName,
  });
}

/** `GET /api/decks/{id}/suggestions`: the pending ones, for the deck's owner only. */
export async function listSuggestions(ctx: AppContext, viewer: SessionUser, deckId: string) {
  const { db } = ctx.database;
  const deck = isUuid(deckId) ? await findVisibleDeck(db, viewer.id, deckId) : undefined;
  if (!deck || deck.ownerId !== viewer.id) throw notFound(M.deckNotFound);
  return (await listPendingSuggestions(db, deck.id)).map(toCardSuggestion);
}

/** Accepting changes the card for everyone; rejecting only closes the suggestion. */
export async function answerSuggestion(
  ctx: AppContext,
  viewer: SessionUser,
  suggestionId: string,
  decision: 'accepted' | 'rejected',
): Promise<CardSuggestion> {
  const { db } = ctx.database;
  const found = isUuid(suggestionId) ? await findSuggestion(db, suggestionId) : undefined;
  if (!found || found.deckOwnerId !== viewer.id) throw notFound(M.suggestionNotFound);
  return db.transaction(async (tx) => {
    const decided = await decideSuggestion(tx, suggestionId, decision, ctx.clock());
    if (!decided) throw notFound(M.suggestionDecided);
    if (decision === 'accepted') await updateCardText(tx, decided.cardId, decided.front, decided.back);
    return toCardSuggestion({ ...found, suggestion: decided });
  });
}

/** `DELETE /api/decks/{id}`: the owner removes a deck, for everyone it was shared with too, and its cards' images. */
export async function deleteDeck(
  ctx: AppContext,
  viewer: SessionUser,
  deckId: string,
  images: ImportedImages,
): Promise<void> {
  if (!isUuid(deckId)) throw notFound(M.deckNotFound);
  const deleted = await ctx.events.transaction(async (tx) => {
    const urls = await deleteOwnDeck(tx, viewer.id, deckId);
    if (urls) await images.release(tx, urls);
    return urls !== null;
  });
  if (!deleted) throw notFound(M.deckNotFound);
}
