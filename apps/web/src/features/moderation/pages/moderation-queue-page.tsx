import type { AppealQueueItem, ModerationQueueItem, ModerationQueueKind } from '@estudai/contract/constants';
import { Clock, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Page } from '../../../components/page.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDecideAppeal, useModerationQueue, useResolveAllReports } from '../api/get-moderation-queue.ts';
import { ImageQueueCard } from '../components/image-queue-card.tsx';
import { ReportCard } from '../components/report-card.tsx';

const TABS: { kind: ModerationQueueKind; label: string }[] = [
  { kind: 'reports', label: 'Denúncias' },
  { kind: 'images', label: 'Imagens' },
  { kind: 'appeals', label: 'Recursos' },
];

/** '45 min', '3 h', '2 dias': how long an item has waited, or the median time to a decision. */
function formatWait(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${Math.max(minutes, 0)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} dias`;
}

function Age({ seconds }: { seconds: number }) {
  return (
    <p className="flex items-center gap-1 text-xs font-medium text-slate-500 dark:text-slate-400">
      <Clock className="size-3.5" aria-hidden />
      Esperando há {formatWait(seconds)}
    </p>
  );
}

/** Bulk: the open reports against one person, decided at once. */
function BulkActions({ userId, name, count }: { userId: string; name: string; count: number }) {
  const bulk = useResolveAllReports();
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600 dark:text-slate-300">
        {count} denúncias abertas contra {name}:
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={bulk.isPending}
        onClick={() => bulk.mutate({ userId, input: { action: 'dismiss' } })}
      >
        Arquivar todas
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={bulk.isPending}
        onClick={() => bulk.mutate({ userId, input: { action: 'warn' } })}
      >
        Advertir uma vez por todas
      </Button>
    </div>
  );
}

function AppealCard({ appeal }: { appeal: AppealQueueItem }) {
  const { user } = useAuth();
  const [note, setNote] = useState('');
  const decide = useDecideAppeal();
  const noteId = useId();
  const actedByMe = appeal.action.moderatorId === user?.id;
  return (
    <Card className="grid gap-3" aria-label={`Recurso de ${appeal.user.displayName}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">
          {appeal.user.displayName}{' '}
          <span className="font-normal text-slate-500">@{appeal.user.username}</span>
        </h2>
        <Badge tone="indigo">{appeal.action.kindLabel}</Badge>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">Regra: {appeal.action.ruleLabel}</p>
      <p className="whitespace-pre-line rounded-xl bg-slate-50 p-3 text-sm wrap-anywhere dark:bg-slate-800/60">
        {appeal.text}
      </p>
      {actedByMe ? (
        <p className="text-sm text-amber-700 dark:text-amber-300">
          Você tomou esta decisão: outra pessoa da moderação precisa julgar o recurso.
        </p>
      ) : (
        <div className="grid gap-2">
          <label htmlFor={noteId} className="text-sm font-medium">
            Observação para a pessoa
          </label>
          <Textarea
            id={noteId}
            rows={2}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={decide.isPending}
              onClick={() => decide.mutate({ appealId: appeal.id, input: { uphold: false, note } })}
            >
              Reverter decisão
            </Button>
            <Button
              variant="outline"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ appealId: appeal.id, input: { uphold: true, note } })}
            >
              Manter decisão
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

function QueueItem({ item, bulkShown }: { item: ModerationQueueItem; bulkShown: boolean }) {
  if (item.type === 'appeal') {
    return (
      <div className="grid gap-1.5">
        <Age seconds={item.ageSeconds} />
        <AppealCard appeal={item.appeal} />
      </div>
    );
  }
  if (item.type === 'image') {
    return (
      <div className="grid gap-1.5">
        <Age seconds={item.ageSeconds} />
        <ImageQueueCard image={item.image} />
      </div>
    );
  }
  const { target } = item.report;
  return (
    <div className="grid gap-1.5">
      <Age seconds={item.ageSeconds} />
      <ReportCard report={item.report} />
      {bulkShown && target.reportsCount > 1 && (
        <BulkActions userId={target.id} name={target.displayName} count={target.reportsCount} />
      )}
    </div>
  );
}

function QueueTab({ kind }: { kind: ModerationQueueKind }) {
  const queue = useModerationQueue(kind);
  if (queue.isPending) {
    return (
      <div role="status" aria-label="Carregando a fila" className="grid gap-3">
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (queue.isError) return <Card role="alert">{queue.error.message}</Card>;
  const { data, medianResolutionSeconds } = queue.data;
  // One bulk bar per person: under their oldest report.
  const seen = new Set<string>();
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Tempo mediano de resolução (30 dias):{' '}
        <strong>
          {medianResolutionSeconds === null ? 'sem decisões ainda' : formatWait(medianResolutionSeconds)}
        </strong>
      </p>
      {data.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-8 text-center">
          <ShieldCheck className="size-8 text-emerald-600" aria-hidden />
          <p className="font-medium">Nada esperando aqui</p>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label="Fila da moderação">
          {data.map((item) => {
            const key =
              item.type === 'report'
                ? item.report.id
                : item.type === 'image'
                  ? item.image.key
                  : item.appeal.id;
            const targetId = item.type === 'report' ? item.report.target.id : '';
            const bulkShown = item.type === 'report' && !seen.has(targetId);
            seen.add(targetId);
            return (
              <li key={key}>
                <QueueItem item={item} bulkShown={bulkShown} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** /admin/moderacao: the moderators' queue, one tab per source, oldest first (the router shows it to admins only). */
export function ModerationQueuePage() {
  const [kind, setKind] = useState<ModerationQueueKind>('reports');
  const counts = useModerationQueue(kind).data?.counts;
  return (
    <Page title="Fila da moderação" back={paths.profile()}>
      <Tabs
        value={kind}
        onValueChange={(value) => setKind(value as ModerationQueueKind)}
        className="grid gap-4"
      >
        <TabsList aria-label="Filas">
          {TABS.map((tab) => (
            <TabsTrigger key={tab.kind} value={tab.kind}>
              {tab.label}
              {counts ? ` (${counts[tab.kind]})` : ''}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.kind} value={tab.kind}>
            {kind === tab.kind && <QueueTab kind={tab.kind} />}
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}
