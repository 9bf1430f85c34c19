import { MAX_PAGE_SIZE, type StudyGroup } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { groupKeys } from '../../../lib/query-keys.ts';

/** The groups one may post in (owned or joined, spec §7 GET /study-groups/my), for 'Publicar em'. */
const getPostableGroupsQueryOptions = () =>
  queryOptions({
    queryKey: groupKeys.postable,
    queryFn: async ({ signal }) =>
      (await api.getPage<StudyGroup>(`/study-groups/my?limit=${MAX_PAGE_SIZE}`, { signal })).data,
  });

export const usePostableGroups = (enabled: boolean) =>
  useQuery({ ...getPostableGroupsQueryOptions(), enabled });
