import type { StudyGroup, UpdateGroupInput } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { getGroupQueryOptions } from '../../../lib/queries/group.ts';
import { groupKeys } from '../../../lib/query-keys.ts';

const updateGroup = (groupId: string, input: UpdateGroupInput) =>
  api.patch<StudyGroup>(`/study-groups/${encodeURIComponent(groupId)}`, input);

/** The owner edits, deactivates or reactivates the group; the lists follow. */
export function useUpdateGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateGroupInput) => updateGroup(groupId, input),
    onSuccess: (group) => {
      queryClient.setQueryData(getGroupQueryOptions(groupId).queryKey, group);
      return queryClient.invalidateQueries({ queryKey: groupKeys.lists });
    },
  });
}
