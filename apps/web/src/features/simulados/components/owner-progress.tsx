import { CheckCircle2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useSimuladoProgress } from '../api/get-progress.ts';
import { useProgressLive } from '../live/use-progress-live.ts';

/** The organizer's view while it runs: each participant's answered count (never the answers), live. */
export function OwnerProgress({ simuladoId }: { simuladoId: string }) {
  const query = useSimuladoProgress(simuladoId, true);
  useProgressLive(simuladoId, true);

  return (
    <section aria-labelledby="progress-title" className="grid gap-3">
      <h2 id="progress-title" className="font-semibold">
        Progresso dos participantes
      </h2>
      {query.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Carregando progresso...
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {query.error.message}
        </p>
      ) : query.data.participants.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Ninguém começou ainda.</p>
      ) : (
        <ul aria-label="Participantes" className="grid gap-2">
          {query.data.participants.map((participant) => (
            <li key={participant.userId}>
              <Card padding="sm" className="grid gap-2">
                <div className="flex items-center justify-between gap-3">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="min-w-0 truncate font-medium">{participant.displayName}</span>
                    {participant.onPaper && <Badge tone="indigo">no papel</Badge>}
                  </span>
                  <span className="shrink-0 text-sm text-slate-600 dark:text-slate-300">
                    {participant.answered} de {participant.total} respondidas
                  </span>
                </div>
                <div
                  role="progressbar"
                  aria-label={`Progresso de ${participant.displayName}`}
                  aria-valuemin={0}
                  aria-valuemax={participant.total}
                  aria-valuenow={participant.answered}
                  className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
                >
                  <div
                    className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400"
                    style={{ width: `${(100 * participant.answered) / (participant.total || 1)}%` }}
                  />
                </div>
                {participant.finished && (
                  <span className="inline-flex items-center gap-1 text-sm text-emerald-700 dark:text-emerald-300">
                    <CheckCircle2 className="size-4" aria-hidden />
                    Terminou
                  </span>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
