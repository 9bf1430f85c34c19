import type { HiddenWords, HiddenWordsInput } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { CHAT_KEY, POSTS_KEY } from '../../../lib/query-keys.ts';

const PATH = '/users/me/hidden-words';

const getHiddenWordsQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me', 'hidden-words'],
    queryFn: ({ signal }) => api.get<HiddenWords>(PATH, { signal }),
  });

export const useHiddenWords = () => useQuery(getHiddenWordsQueryOptions());

/** Saves the whole list; comments and chat are asked again, folded by the new words. */
export function useSaveHiddenWords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HiddenWordsInput) => api.put<HiddenWords>(PATH, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(getHiddenWordsQueryOptions().queryKey, saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [POSTS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [CHAT_KEY] }),
      ]);
    },
  });
}
