import type { Material, UpdateMaterialInput } from '@estudai/contract/constants';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { getGroupQueryOptions } from '../../../lib/queries/group.ts';
import { getGroupMaterialsQueryOptions } from './get-group-materials.ts';

const materialPath = (groupId: string, materialId: string) =>
  `/study-groups/${encodeURIComponent(groupId)}/materials/${encodeURIComponent(materialId)}`;

const updateMaterial = (groupId: string, materialId: string, input: UpdateMaterialInput) =>
  api.patch<Material>(materialPath(groupId, materialId), input);
const deleteMaterial = (groupId: string, materialId: string) =>
  api.delete<{ id: string }>(materialPath(groupId, materialId));

/** The group's materials and the group page (its materialsCount), read again. */
function refreshMaterials(queryClient: QueryClient, groupId: string) {
  void queryClient.invalidateQueries({ queryKey: getGroupMaterialsQueryOptions(groupId).queryKey });
  void queryClient.invalidateQueries({ queryKey: getGroupQueryOptions(groupId).queryKey });
}

/** Owner: renames, describes, hides or shows a material. */
export function useUpdateMaterial(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ materialId, input }: { materialId: string; input: UpdateMaterialInput }) =>
      updateMaterial(groupId, materialId, input),
    onSuccess: () => refreshMaterials(queryClient, groupId),
  });
}

/** Owner: deletes a material and its file. */
export function useDeleteMaterial(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (materialId: string) => deleteMaterial(groupId, materialId),
    onSuccess: () => refreshMaterials(queryClient, groupId),
  });
}
