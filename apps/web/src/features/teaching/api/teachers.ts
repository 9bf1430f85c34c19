import type { GroupTeacher, UserSummary } from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { groupPath, teachingKeys } from './teaching-keys.ts';

const getTeachers = (groupId: string, signal?: AbortSignal) =>
  api.get<GroupTeacher[]>(`${groupPath(groupId)}/teachers`, { signal });

/** The owner first, then the co-teachers. */
export const useTeachers = (groupId: string, enabled = true) =>
  useQuery({
    ...queryOptions({
      queryKey: teachingKeys.teachers(groupId),
      queryFn: ({ signal }) => getTeachers(groupId, signal),
    }),
    enabled,
  });

const addTeacher = (groupId: string, userId: string) =>
  api.post<GroupTeacher>(`${groupPath(groupId)}/teachers`, { userId });
const removeTeacher = (groupId: string, userId: string) =>
  api.delete<void>(`${groupPath(groupId)}/teachers/${encodeURIComponent(userId)}`);

export function useAddTeacher(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => addTeacher(groupId, userId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teachingKeys.teachers(groupId) }),
  });
}

export function useRemoveTeacher(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeTeacher(groupId, userId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teachingKeys.teachers(groupId) }),
  });
}

/**
 * People found by name or @username across Estudaí (issue 36: a co-teacher need not be followed
 * first); the dialog keeps the professors, mentors and tutors.
 */
export const usePeopleSearch = (q: string) =>
  useQuery({
    queryKey: ['users', 'search', q, 'first-page'],
    queryFn: async ({ signal }) =>
      (await api.getPage<UserSummary>(`/search?${new URLSearchParams({ q, type: 'people' })}`, { signal }))
        .data,
    enabled: q.length >= 2,
  });
