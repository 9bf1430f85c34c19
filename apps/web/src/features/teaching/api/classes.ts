import type { CreateClassInput, LiveClass } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { groupPath, teachingKeys } from './teaching-keys.ts';

const getClasses = (groupId: string, signal?: AbortSignal) =>
  api.get<LiveClass[]>(`${groupPath(groupId)}/classes`, { signal });

const getClassesQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: teachingKeys.classes(groupId),
    queryFn: ({ signal }) => getClasses(groupId, signal),
  });

/** Live classes not yet ended, soonest first: the first is 'Próxima aula'. */
export const useClasses = (groupId: string, enabled = true) =>
  useQuery({ ...getClassesQueryOptions(groupId), enabled });

const createClass = (groupId: string, input: CreateClassInput) =>
  api.post<LiveClass>(`${groupPath(groupId)}/classes`, input);

export function useCreateClass(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClassInput) => createClass(groupId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teachingKeys.classes(groupId) }),
  });
}
