import { type NotebookEntry, STUDY_LOOP_MESSAGES } from '@estudai/contract/constants';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { updateCachedBankQuestion } from './bank-cache.ts';
import { studyKeys } from './study-keys.ts';

const showError = (error: Error) =>
  toast({ title: 'Erro', description: error.message, variant: 'destructive' });

/** The caderno, its counts and the due cards change together. */
function refreshNotebook(queryClient: QueryClient) {
  for (const queryKey of [studyKeys.notebook(), studyKeys.notebookSummary(), [...studyKeys.all, 'due']]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** 'Adicionar ao caderno': `POST /api/notebook`; the bank's item then reads 'No caderno'. */
export function useAddToNotebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      postId,
      questionIndex,
      isQuiz,
    }: {
      postId: string;
      questionIndex: number;
      isQuiz: boolean;
    }) => api.post<NotebookEntry>('/notebook', { postId, ...(isQuiz ? { questionIndex } : {}) }),
    onSuccess: (entry, question) => {
      updateCachedBankQuestion(queryClient, question, (item) => ({ ...item, notebookEntryId: entry.id }));
      refreshNotebook(queryClient);
      toast({ title: STUDY_LOOP_MESSAGES.notebookAdded });
    },
    onError: showError,
  });
}

/** 'Por que errei?': `PATCH /api/notebook/{id}`; '' clears the note. */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      api.patch<NotebookEntry>(`/notebook/${encodeURIComponent(id)}`, { note }),
    onSuccess: (saved) => {
      queryClient.setQueriesData<InfiniteData<ApiPage<NotebookEntry>>>(
        { queryKey: studyKeys.notebook() },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              data: page.data.map((entry) =>
                entry.id === saved.id ? { ...entry, note: saved.note } : entry,
              ),
            })),
          },
      );
      toast({ title: 'Anotação salva' });
    },
    onError: showError,
  });
}

/** Removes a question from the caderno (its reviews go with it). */
export function useRemoveFromNotebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: NotebookEntry) =>
      api.delete<{ id: string }>(`/notebook/${encodeURIComponent(entry.id)}`),
    onSuccess: (_, entry) => {
      updateCachedBankQuestion(queryClient, entry.question, (item) => ({ ...item, notebookEntryId: null }));
      refreshNotebook(queryClient);
      toast({ title: STUDY_LOOP_MESSAGES.notebookRemoved });
    },
    onError: showError,
  });
}
