import { GROUP_MESSAGES, type Material } from '@estudai/contract/constants';
import { Download, FileText } from 'lucide-react';
import { EmptyText, ErrorState } from '../../../components/list-states.tsx';
import { LoadMoreButton } from '../../../components/load-more.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDownloads, formatFileSize } from '../../../lib/format.ts';
import { useGroupMaterials } from '../api/get-group-materials.ts';
import { MaterialOwnerActions } from './material-owner-actions.tsx';
import { MaterialUploadForm } from './material-upload-form.tsx';

function MaterialItem({
  groupId,
  material,
  isOwner,
}: {
  groupId: string;
  material: Material;
  isOwner: boolean;
}) {
  return (
    <li className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700/60 dark:bg-slate-900">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-300">
          <FileText className="size-5" aria-hidden />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{material.title}</h3>
            {!material.isVisible && <Badge>Oculto</Badge>}
          </div>
          {material.description && (
            <p className="text-sm text-slate-600 dark:text-slate-300">{material.description}</p>
          )}
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {formatFileSize(material.fileSize)} · {formatDownloads(material.downloadCount)}
          </p>
        </div>
        <a
          href={material.fileUrl}
          download={material.fileName}
          aria-label={`Baixar ${material.title}`}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          <Download className="size-4" aria-hidden />
          Baixar
        </a>
      </div>
      {isOwner && <MaterialOwnerActions groupId={groupId} material={material} />}
    </li>
  );
}

function MaterialList({ groupId, isOwner }: { groupId: string; isOwner: boolean }) {
  const query = useGroupMaterials(groupId);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Carregando materiais" className="grid gap-3">
        <Skeleton radius="2xl" className="h-20" />
        <Skeleton radius="2xl" className="h-20" />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title="Não foi possível carregar os materiais."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const materials = query.data.pages.flatMap((page) => page.data);
  if (materials.length === 0) return <EmptyText>{GROUP_MESSAGES.emptyMaterials}</EmptyText>;
  return (
    <>
      <ul aria-label="Materiais" className="grid gap-3">
        {materials.map((material) => (
          <MaterialItem key={material.id} groupId={groupId} material={material} isOwner={isOwner} />
        ))}
      </ul>
      <LoadMoreButton query={query} />
    </>
  );
}

/** The group's PDFs to download; the owner also sends new ones, and edits, hides and deletes them. */
export function GroupMaterialsTab({ groupId, isOwner }: { groupId: string; isOwner: boolean }) {
  return (
    <div className="grid gap-4">
      {isOwner && <MaterialUploadForm groupId={groupId} />}
      <MaterialList groupId={groupId} isOwner={isOwner} />
    </div>
  );
}
