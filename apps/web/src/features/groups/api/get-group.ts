import type { StudyGroup } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Every groups query lives under this key, so one invalidation refreshes them all. */
export const GROUPS_KEY = 'study-groups';

export const getGroup = (groupId: string, signal?: AbortSignal) =>
  api.get<StudyGroup>(`/study-groups/${encodeURIComponent(groupId)}`, { signal });

export const getGroupQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [GROUPS_KEY, 'detail', groupId],
    queryFn: ({ signal }) => getGroup(groupId, signal),
  });

export const useGroup = (groupId: string) => useQuery(getGroupQueryOptions(groupId));
