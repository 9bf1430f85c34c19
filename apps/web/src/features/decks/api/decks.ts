import {
  type CardSuggestion,
  type Deck,
  type ImportDeckResult,
  MAX_PAGE_SIZE,
  type StudyGroup,
} from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api.ts';

// Flashcard decks (issue 42): the list, the Anki import, sharing with a group, and the owner's
// answers to suggested edits.

const decksKey = ['decks'] as const;

const getDecksQueryOptions = () =>
  queryOptions({ queryKey: decksKey, queryFn: ({ signal }) => api.get<Deck[]>('/decks', { signal }) });

export const useDecks = () => useQuery(getDecksQueryOptions());

/** `POST /api/decks/import`: the .apkg as multipart; the reply is `{deckId, cards}` itself. */
function importDeck(file: File) {
  const form = new FormData();
  form.set('file', file, file.name);
  return apiRequest<ImportDeckResult>('/decks/import', { method: 'POST', body: form, wholeBody: true });
}

export function useImportDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDeck,
    // The list has the deck; the review queue (study's ['study', …] queries) has its cards.
    // A list still loading was asked for before the import: it is dropped and asked again.
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: decksKey });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: decksKey }),
        queryClient.invalidateQueries({ queryKey: ['study'] }),
      ]);
    },
  });
}

/** The groups the viewer owns: where they may share a deck (co-teachers share from the group's side). */
export const useOwnGroups = (userId: string) =>
  useQuery({
    queryKey: ['decks', 'own-groups', userId],
    queryFn: async ({ signal }) =>
      (await api.getPage<StudyGroup>(`/study-groups/my?limit=${MAX_PAGE_SIZE}`, { signal })).data.filter(
        (group) => group.ownerId === userId,
      ),
  });

export function useShareDeck(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) =>
      api.post<Deck>(`/decks/${encodeURIComponent(deckId)}/share`, { groupId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decksKey }),
  });
}

const suggestionsKey = (deckId: string) => ['decks', deckId, 'suggestions'] as const;

export const useSuggestions = (deckId: string, enabled: boolean) =>
  useQuery({
    queryKey: suggestionsKey(deckId),
    queryFn: ({ signal }) =>
      api.get<CardSuggestion[]>(`/decks/${encodeURIComponent(deckId)}/suggestions`, { signal }),
    enabled,
  });

export function useAnswerSuggestion(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      api.post<CardSuggestion>(`/card-suggestions/${encodeURIComponent(id)}/${accept ? 'accept' : 'reject'}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: suggestionsKey(deckId) }),
        queryClient.invalidateQueries({ queryKey: decksKey }),
      ]),
  });
}
