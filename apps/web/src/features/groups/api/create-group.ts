import type { CreateGroupInput, StudyGroup } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { getGroupQueryOptions } from '../../../lib/queries/group.ts';
import { groupKeys } from '../../../lib/query-keys.ts';

const createGroup = (input: CreateGroupInput) => api.post<StudyGroup>('/study-groups', input);

/** Creates a group; its page is ready in the cache and the lists are fetched again. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(getGroupQueryOptions(group.id).queryKey, group);
      return queryClient.invalidateQueries({ queryKey: groupKeys.lists });
    },
  });
}
