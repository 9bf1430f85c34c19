import type { DataExport } from '@estudai/contract/constants';
import { formatBrasiliaDayTime, MINORS_ERROR_CODES, PRIVACY_MESSAGES } from '@estudai/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import {
  getDataExportQueryOptions,
  isExportRunning,
  rememberExport,
  rememberedExportId,
  useRequestDataExport,
} from '../lib/queries/data-export.ts';
import { toast } from '../lib/toast.ts';
import { Button, buttonClasses } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

function ExportState({ id }: { id: string }) {
  const exported = useQuery(getDataExportQueryOptions(id));
  const data = exported.data;
  if (exported.isPending) return <Spinner size="md" />;
  if (!data) return null;
  if (isExportRunning(data))
    return (
      <div className="grid gap-1">
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner size="sm" className="shrink-0" />
          {PRIVACY_MESSAGES.exportStarted}
        </p>
        {/* A try failed and the next one waits: what went wrong (issue 37). */}
        {data.problem && <p className="text-sm text-amber-800 dark:text-amber-200">{data.problem}</p>}
      </div>
    );
  if (data.status === 'ready' && data.downloadUrl)
    return (
      <div className="grid gap-2">
        <p role="status" className="text-sm">
          {PRIVACY_MESSAGES.exportReadyTitle}. O link vale até{' '}
          {data.expiresAt && formatBrasiliaDayTime(data.expiresAt)}.
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

/**
 * Asks for a copy of an account's data, follows it until it is ready and offers the link (7 days):
 * the owner's 'Meus dados' and a guardian's card of a linked teen. `storageKey` keeps the last one
 * asked on this device, so coming back shows it again.
 */
export function DataExportPanel({
  request,
  storageKey,
  label,
  children,
}: {
  request: () => Promise<DataExport>;
  storageKey: string;
  label: string;
  /** What the ZIP holds, said above the button. */
  children: ReactNode;
}) {
  const [exportId, setExportId] = useState(() => rememberedExportId(storageKey));
  const asked = useRequestDataExport(request);
  const show = (id: string) => {
    rememberExport(storageKey, id);
    setExportId(id);
  };
  const handleRequest = () =>
    asked.mutate(undefined, {
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
      <p className="text-sm text-slate-600 dark:text-slate-300">{children}</p>
      {exportId && <ExportState id={exportId} />}
      <Button variant="outline" onClick={handleRequest} disabled={asked.isPending}>
        {asked.isPending ? 'Pedindo...' : label}
      </Button>
    </div>
  );
}
