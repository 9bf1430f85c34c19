import type { Membership } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { groupKeys } from '../../../lib/query-keys.ts';

const getMembership = (groupId: string, signal?: AbortSignal) =>
  api.get<Membership | null>(`/study-groups/${encodeURIComponent(groupId)}/membership`, { signal });

const getMembershipQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: groupKeys.membership(groupId),
    queryFn: ({ signal }) => getMembership(groupId, signal),
  });

/** The viewer's membership of a group they belong to (null: none). */
export const useMembership = (groupId: string, enabled: boolean) =>
  useQuery({ ...getMembershipQueryOptions(groupId), enabled });
