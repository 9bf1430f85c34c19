import type { GroupPermissions } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { groupKeys } from '../query-keys.ts';

// What the viewer may do in a group, as the group page (its tabs, the managers' links) and the
// teacher's screens (members, invite links, earnings) both need it.

const getGroupPermissions = (groupId: string, signal?: AbortSignal) =>
  api.get<GroupPermissions>(`/study-groups/${encodeURIComponent(groupId)}/permissions`, { signal });

const getGroupPermissionsQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: groupKeys.permissions(groupId),
    queryFn: ({ signal }) => getGroupPermissions(groupId, signal),
  });

/** Owner or co-teacher (`canManage`: members, announcements, classes); owner only (`canAdminister`). */
export const useGroupPermissions = (groupId: string, enabled = true) =>
  useQuery({ ...getGroupPermissionsQueryOptions(groupId), enabled });
