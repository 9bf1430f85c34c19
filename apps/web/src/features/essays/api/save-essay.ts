import type { EssayDestination, EssayDetail } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { essayKeys } from './essay-keys.ts';

// The writer's calls: start a draft, save it (autosave), send it.

export function useCreateEssay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promptId: string) => api.post<EssayDetail>('/essays', { promptId, text: '' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: essayKeys.mine() }),
  });
}

export const saveEssayText = (essayId: string, text: string) =>
  api.patch<EssayDetail>(`/essays/${encodeURIComponent(essayId)}`, { text });

/** The draft's photos of handwritten pages, as a whole list of upload addresses (issue 38). */
export const saveEssayPages = (essayId: string, mediaIds: string[]) =>
  api.patch<EssayDetail>(`/essays/${encodeURIComponent(essayId)}`, { mediaIds });

export function useSubmitEssay(essayId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (destination: EssayDestination) =>
      api.post<{ status: 'submitted' }>(`/essays/${encodeURIComponent(essayId)}/submit`, { destination }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: essayKeys.all }),
  });
}
