import { z } from 'zod';
import {
  CARD_SIDE_MAX,
  DECK_MESSAGES,
  NOTEBOOK_EXPORT_FORMATS,
  SUGGESTION_STATUSES,
} from './decks.constants.ts';

const M = DECK_MESSAGES;

/**
 * `POST /api/decks/import` → 201. `images`: the cards' images stored (issue 42); `mediaSkipped`: the
 * media files the cards name that were left out (sound, video, SVG, missing, too large, over the limit).
 */
export const importDeckResultSchema = z.object({
  deckId: z.string(),
  cards: z.number().int(),
  images: z.number().int(),
  mediaSkipped: z.number().int(),
});
export type ImportDeckResult = z.infer<typeof importDeckResultSchema>;

/** One deck of `GET /api/decks`: the viewer's own, and those shared with their groups. */
export const deckSchema = z.object({
  id: z.string(),
  name: z.string(),
  cardsCount: z.number().int(),
  /** The viewer's cards of this deck due now. */
  dueCount: z.number().int(),
  isOwner: z.boolean(),
  owner: z.object({ id: z.string(), name: z.string() }),
  sharedGroup: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Suggested edits waiting for the owner (0 for anyone else). */
  pendingSuggestions: z.number().int(),
  createdAt: z.string(),
});
export type Deck = z.infer<typeof deckSchema>;

export const decksListSchema = z.object({ data: z.array(deckSchema) });

/** `POST /api/decks/{id}/share`. */
export const shareDeckInputSchema = z.strictObject({
  groupId: z.string({ error: M.deckNotFound }).max(100, M.deckNotFound),
});

const side = z
  .string({ error: M.sideRequired })
  .trim()
  .min(1, M.sideRequired)
  .max(CARD_SIDE_MAX, M.sideTooLong);

/** `POST /api/cards/{id}/suggestions`: the card as the member would have it. */
export const cardSuggestionInputSchema = z.strictObject({ front: side, back: side });
export type CardSuggestionInput = z.infer<typeof cardSuggestionInputSchema>;

export const cardSuggestionSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  front: z.string(),
  back: z.string(),
  /** The card as it is now, for the owner to compare. */
  currentFront: z.string(),
  currentBack: z.string(),
  status: z.enum(SUGGESTION_STATUSES),
  author: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type CardSuggestion = z.infer<typeof cardSuggestionSchema>;

export const notebookExportQuerySchema = z.object({
  format: z.enum(NOTEBOOK_EXPORT_FORMATS, { error: M.formatInvalid }),
});
