import type { Material } from '@estudai/contract';
import type { groupMaterials } from '../../db/schema/index.ts';

export type MaterialRow = typeof groupMaterials.$inferSelect;

const materialDownloadUrl = (row: Pick<MaterialRow, 'id' | 'studyGroupId'>) =>
  `/api/study-groups/${row.studyGroupId}/materials/${row.id}/download`;

export function toMaterial(row: MaterialRow): Material {
  return {
    id: row.id,
    studyGroupId: row.studyGroupId,
    title: row.title,
    description: row.description,
    type: 'pdf',
    fileUrl: materialDownloadUrl(row),
    fileName: row.fileName,
    fileSize: row.fileSize,
    downloadCount: row.downloadCount,
    isVisible: row.isVisible,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `attachment` with the original name: an ASCII fallback and the exact UTF-8 name (RFC 5987/6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
