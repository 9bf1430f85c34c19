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
import { forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { readApkg } from './apkg-read.ts';
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

/** `POST /api/decks/import`: the whole deck in one transaction, or nothing. */
export async function importDeck(
  ctx: AppContext,
  viewer: SessionUser,
  bytes: Uint8Array,
  fileName: string | undefined,
): Promise<ImportDeckResult> {
  const deck = await readApkg(bytes, stemOf(fileName));
  const name = deck.name.slice(0, DECK_NAME_MAX);
  const deckId = await ctx.database.db.transaction((tx) =>
    insertDeck(tx, viewer.id, name, deck.cards, ctx.clock()),
  );
  return { deckId, cards: deck.cards.length };
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

/** `DELETE /api/decks/{id}`: the owner removes a deck, for everyone it was shared with too. */
export async function deleteDeck(ctx: AppContext, viewer: SessionUser, deckId: string): Promise<void> {
  const deleted = isUuid(deckId) && (await deleteOwnDeck(ctx.database.db, viewer.id, deckId));
  if (!deleted) throw notFound(M.deckNotFound);
}
