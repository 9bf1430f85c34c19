import type { CardSuggestion } from '@estudai/contract';
import type { deckCardSuggestions } from '../../db/schema/index.ts';

interface SuggestionRow {
  suggestion: typeof deckCardSuggestions.$inferSelect;
  currentFront: string;
  currentBack: string;
  authorName: string;
}

export function toCardSuggestion(row: SuggestionRow): CardSuggestion {
  const { suggestion } = row;
  return {
    id: suggestion.id,
    cardId: suggestion.cardId,
    front: suggestion.front,
    back: suggestion.back,
    currentFront: row.currentFront,
    currentBack: row.currentBack,
    status: suggestion.status,
    author: { id: suggestion.authorId, name: row.authorName },
    createdAt: suggestion.createdAt.toISOString(),
  };
}
