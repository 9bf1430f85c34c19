import type { CardSuggestion, CardSuggestionInput } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** `POST /api/cards/{id}/suggestions`: a suggested edit of a flashcard, for its deck's owner. */
export const useSuggestCardEdit = (cardId: string) =>
  useMutation({
    mutationFn: (input: CardSuggestionInput) =>
      api.post<CardSuggestion>(`/cards/${encodeURIComponent(cardId)}/suggestions`, input),
  });
