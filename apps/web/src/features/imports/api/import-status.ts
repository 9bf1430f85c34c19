import type { QuestionImportStatus } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** How often the progress is asked while the job runs. */
const POLL_MS = 1000;

export const getImportStatusQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: ['question-imports', importId],
    queryFn: () => api.get<QuestionImportStatus>(`/question-imports/${encodeURIComponent(importId)}`),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });

/** The import's progress ('142 de 300'), asked again every second while it runs. */
export function useImportStatus(importId: string | null) {
  return useQuery({ ...getImportStatusQueryOptions(importId ?? ''), enabled: importId !== null });
}

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) =>
      api.post<QuestionImportStatus>(`/question-imports/${encodeURIComponent(importId)}/confirm`),
    onSuccess: (status) => queryClient.setQueryData(getImportStatusQueryOptions(status.id).queryKey, status),
  });
}
