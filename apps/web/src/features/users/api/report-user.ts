import type { ReportInput, ReportIntegrity } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const reportUser = ({ userId, input }: { userId: string; input: ReportInput }) =>
  api.post<{ message: string }>(`/users/${encodeURIComponent(userId)}/report`, input);

/** Asked each time the report button is pressed: both answers change with every report sent. */
export const getReportCheckQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['reports', 'check', userId],
    queryFn: ({ signal }) =>
      api.get<{ hasReported: boolean }>(`/reports/check/${encodeURIComponent(userId)}`, { signal }),
    staleTime: 0,
  });

export const getReportIntegrityQueryOptions = () =>
  queryOptions({
    queryKey: ['reports', 'integrity'],
    queryFn: ({ signal }) => api.get<ReportIntegrity>('/reports/integrity/me', { signal }),
    staleTime: 0,
  });

export function useReportUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reports'] }),
  });
}
