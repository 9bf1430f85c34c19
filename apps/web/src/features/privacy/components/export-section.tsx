import { MINORS_ERROR_CODES, PRIVACY_MESSAGES } from '@estudai/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import {
  getDataExportQueryOptions,
  isExportRunning,
  rememberExport,
  rememberedExportId,
  useRequestDataExport,
} from '../api/data-export.ts';
import { formatDayTime } from '../privacy-format.ts';

function ExportState({ id }: { id: string }) {
  const exported = useQuery(getDataExportQueryOptions(id));
  const data = exported.data;
  if (exported.isPending) return <Spinner size="md" />;
  if (!data) return null;
  if (isExportRunning(data))
    return (
      <p role="status" className="flex items-center gap-2 text-sm">
        <Spinner size="sm" className="shrink-0" />
        {PRIVACY_MESSAGES.exportStarted}
      </p>
    );
  if (data.status === 'ready' && data.downloadUrl)
    return (
      <div className="grid gap-2">
        <p role="status" className="text-sm">
          {PRIVACY_MESSAGES.exportReadyTitle}. O link vale até{' '}
          {data.expiresAt && formatDayTime(data.expiresAt)}.
        </p>
        <a href={data.downloadUrl} download className={buttonClasses({ variant: 'primary' })}>
          <Download className="size-5" aria-hidden />
          Baixar arquivo (ZIP)
        </a>
      </div>
    );
  return (
    <p role="status" className="text-sm text-red-700 dark:text-red-300">
      {data.status === 'expired' ? PRIVACY_MESSAGES.exportExpired : PRIVACY_MESSAGES.exportFailed}
    </p>
  );
}

/** 'Baixar meus dados': asks for the ZIP, follows it until it is ready and offers the link (7 days). */
export function ExportSection() {
  const [exportId, setExportId] = useState(rememberedExportId);
  const request = useRequestDataExport();
  const show = (id: string) => {
    rememberExport(id);
    setExportId(id);
  };
  const handleRequest = () =>
    request.mutate(undefined, {
      onSuccess: (data) => show(data.id),
      onError: (error) => {
        const runningId = error instanceof ApiError ? error.details.id : undefined;
        if (
          error instanceof ApiError &&
          error.code === MINORS_ERROR_CODES.exportRunning &&
          typeof runningId === 'string'
        ) {
          toast({ title: PRIVACY_MESSAGES.exportRunning });
          show(runningId);
        } else
          toast({
            title: 'Não foi possível pedir a exportação',
            description: error.message,
            variant: 'destructive',
          });
      },
    });

  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Um arquivo ZIP com tudo o que sua conta tem: perfil, posts, comentários, mensagens enviadas, estudo,
        grupos e os arquivos que você enviou. Avisamos por notificação e e-mail quando ficar pronto.
      </p>
      {exportId && <ExportState id={exportId} />}
      <Button variant="outline" onClick={handleRequest} disabled={request.isPending}>
        {request.isPending ? 'Pedindo...' : 'Pedir cópia dos meus dados'}
      </Button>
    </div>
  );
}
