import type { EssayQuota } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { essayKeys } from './essay-keys.ts';

// A paid group's monthly quota of corrections ('4 correções por mês'): the viewer's use of it this
// month, and the owner's setting.

const quotaPath = (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}/essay-quota`;

const essayQuotaQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: essayKeys.quota(groupId),
    queryFn: ({ signal }) => api.get<EssayQuota>(quotaPath(groupId), { signal }),
  });

export const useEssayQuota = (groupId: string | null | undefined) =>
  useQuery({ ...essayQuotaQueryOptions(groupId ?? ''), enabled: Boolean(groupId) });

export function useSetEssayQuota(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (monthlyQuota: number | null) => api.put<EssayQuota>(quotaPath(groupId), { monthlyQuota }),
    onSuccess: (quota) => queryClient.setQueryData(essayQuotaQueryOptions(groupId).queryKey, quota),
  });
}
