import type { ResolveReportInput } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { POSTS_KEY } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';

const resolveReport = ({ reportId, input }: { reportId: string; input: ResolveReportInput }) =>
  api.post<{ message: string }>(`/admin/reports/${encodeURIComponent(reportId)}/resolve`, input);

/** Decides a report; the queue, the log and anything showing posts refresh (a suspension hides some). */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSuccess: async ({ message }) => {
      toast({ title: 'Denúncia resolvida', description: message });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: [POSTS_KEY] }),
      ]);
    },
    onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
  });
}
