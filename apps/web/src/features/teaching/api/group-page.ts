import type { GroupPage, GroupPageInput } from '@estudai/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { groupPath, teachingKeys } from './teaching-keys.ts';

/** The page for prospective members: 'O que você vai aprender', syllabus, FAQ and reviews. */
export const useGroupPage = (groupId: string) =>
  useQuery({
    queryKey: teachingKeys.page(groupId),
    queryFn: ({ signal }) => api.get<GroupPage>(`${groupPath(groupId)}/page`, { signal }),
  });

/** The owner saves the whole page at once; the answer replaces the cached page. */
export function useSaveGroupPage(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupPageInput) => api.put<GroupPage>(`${groupPath(groupId)}/page`, input),
    onSuccess: (page) => queryClient.setQueryData(teachingKeys.page(groupId), page),
  });
}
