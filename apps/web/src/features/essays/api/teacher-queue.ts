import {
  type EssayDetail,
  type EssayQueueItem,
  MAX_PAGE_SIZE,
  type StudyGroup,
} from '@estudai/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { essayKeys } from './essay-keys.ts';

// The teacher's side: the groups they own, each group's queue with the essays' ages, and marking
// a corrected essay as a control.

export const useOwnedGroups = (userId: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: [...essayKeys.all, 'owned-groups', userId],
    enabled,
    queryFn: async ({ signal }) =>
      (await api.getPage<StudyGroup>(`/study-groups/my?limit=${MAX_PAGE_SIZE}`, { signal })).data.filter(
        (group) => group.ownerId === userId,
      ),
  });

export const useGroupQueue = (groupId: string) =>
  useQuery({
    queryKey: [...essayKeys.all, 'queue', groupId],
    queryFn: ({ signal }) =>
      api.get<EssayQueueItem[]>(`/essay-reviews/queue?groupId=${encodeURIComponent(groupId)}`, { signal }),
  });

export function useMarkControl(essayId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EssayDetail>(`/essays/${encodeURIComponent(essayId)}/control`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: essayKeys.one(essayId) }),
  });
}
