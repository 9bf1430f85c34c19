import type { Material } from '@estudai/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { groupKeys } from '../../../lib/query-keys.ts';

/** A group's PDF materials (members and owner only; hidden ones only for the owner). */
export const getGroupMaterialsQueryOptions = (groupId: string) =>
  pagedQueryOptions<Material>(
    groupKeys.materials(groupId),
    `/study-groups/${encodeURIComponent(groupId)}/materials`,
  );

export const useGroupMaterials = (groupId: string) =>
  useInfiniteQuery(getGroupMaterialsQueryOptions(groupId));
