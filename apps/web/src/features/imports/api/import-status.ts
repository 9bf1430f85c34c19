import type { QuestionImportStatus } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api.ts';
import { bankKeys, groupKeys, POSTS_KEY } from '../../../lib/query-keys.ts';

/** How often the progress is asked while the job runs. */
const POLL_MS = 1000;

const getImportStatusQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: ['question-imports', importId],
    queryFn: () => api.get<QuestionImportStatus>(`/question-imports/${encodeURIComponent(importId)}`),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });

/** The import's progress ('142 de 300'), asked again every second while it runs. */
export function useImportStatus(importId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...getImportStatusQueryOptions(importId ?? ''), enabled: importId !== null });
  const finished = query.data?.status === 'done' ? query.data : null;
  // Once done, the lists that show the new questions are asked again: the group's posts, the bank, posts.
  useEffect(() => {
    if (!finished) return;
    if (finished.groupId) void queryClient.invalidateQueries({ queryKey: groupKeys.posts(finished.groupId) });
    void queryClient.invalidateQueries({ queryKey: bankKeys.all });
    void queryClient.invalidateQueries({ queryKey: [POSTS_KEY] });
  }, [finished, queryClient]);
  return query;
}

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) =>
      api.post<QuestionImportStatus>(`/question-imports/${encodeURIComponent(importId)}/confirm`),
    onSuccess: (status) => queryClient.setQueryData(getImportStatusQueryOptions(status.id).queryKey, status),
  });
}
