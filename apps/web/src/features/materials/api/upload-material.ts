import type { Material } from '@estudai/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { getGroupQueryOptions } from '../../../lib/queries/group.ts';
import { getGroupMaterialsQueryOptions } from './get-group-materials.ts';

export interface UploadMaterialInput {
  title: string;
  description: string;
  file: File;
}

/** Spec §3 Material: a PDF sent as multipart/form-data (fields title, description and file). */
function uploadMaterial(groupId: string, { title, description, file }: UploadMaterialInput) {
  const form = new FormData();
  form.set('title', title);
  form.set('description', description);
  form.set('file', file, file.name);
  return api.post<Material>(`/study-groups/${encodeURIComponent(groupId)}/materials`, form);
}

export function useUploadMaterial(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadMaterialInput) => uploadMaterial(groupId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getGroupMaterialsQueryOptions(groupId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getGroupQueryOptions(groupId).queryKey }),
      ]),
  });
}
