import type { GroupRating } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { getGroupQueryOptions } from '../../../lib/queries/group.ts';

const rateGroup = (groupId: string, rating: number) =>
  apiRequest<GroupRating>(`/study-groups/${encodeURIComponent(groupId)}/rating`, {
    method: 'PUT',
    body: { rating },
  });

/** A member's 1–5 stars; the group's average and count come back with the answer. */
export function useRateGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => rateGroup(groupId, rating),
    onSuccess: (rating) =>
      queryClient.setQueryData(getGroupQueryOptions(groupId).queryKey, (group) =>
        group ? { ...group, ...rating } : group,
      ),
  });
}
