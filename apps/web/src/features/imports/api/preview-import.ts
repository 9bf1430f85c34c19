import type { ImportFormat, ImportTarget, QuestionImportPreview } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface PreviewImportInput {
  file: File;
  format: ImportFormat;
  as: ImportTarget;
  groupId?: string | undefined;
}

/** Issue 42: the file is read and checked by the server; nothing is created yet. */
function previewImport({ file, format, as, groupId }: PreviewImportInput) {
  const form = new FormData();
  form.set('format', format);
  form.set('as', as);
  if (groupId) form.set('groupId', groupId);
  form.set('file', file, file.name);
  return api.post<QuestionImportPreview>('/question-imports', form);
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
