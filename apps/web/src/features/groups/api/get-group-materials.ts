import type { Material } from '@estudai/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { GROUPS_KEY } from './get-group.ts';
import { groupPagesQueryOptions } from './group-pages.ts';

/** A group's PDF materials (members and owner only; hidden ones only for the owner). */
export const getGroupMaterialsQueryOptions = (groupId: string) =>
  groupPagesQueryOptions<Material>(
    [GROUPS_KEY, 'materials', groupId],
    `/study-groups/${encodeURIComponent(groupId)}/materials`,
  );

export const useGroupMaterials = (groupId: string) =>
  useInfiniteQuery(getGroupMaterialsQueryOptions(groupId));
