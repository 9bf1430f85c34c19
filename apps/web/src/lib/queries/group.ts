import type { StudyGroup } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { groupKeys } from '../query-keys.ts';

// One group, as its page, its forum and its payment screen show it.

const getGroup = (groupId: string, signal?: AbortSignal) =>
  api.get<StudyGroup>(`/study-groups/${encodeURIComponent(groupId)}`, { signal });

export const getGroupQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: groupKeys.detail(groupId),
    queryFn: ({ signal }) => getGroup(groupId, signal),
  });

export const useGroup = (groupId: string) => useQuery(getGroupQueryOptions(groupId));
