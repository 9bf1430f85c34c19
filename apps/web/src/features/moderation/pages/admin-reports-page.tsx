import type { ModerationAction } from '@estudai/contract/constants';
import { ShieldCheck } from 'lucide-react';
import { LoadMore } from '../../../components/load-more.tsx';
import { Page } from '../../../components/page.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useModerationLog, useReportQueue } from '../api/get-report-queue.ts';
import { ReportCard } from '../components/report-card.tsx';

const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'arquivou',
  warn: 'advertiu',
  suspend: 'suspendeu',
};

function Queue() {
  const queue = useReportQueue();
  if (queue.isPending) {
    return (
      <div role="status" aria-label="Carregando denúncias" className="grid gap-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (queue.isError) return <Card role="alert">{queue.error.message}</Card>;
  const reports = queue.data.pages.flatMap((page) => page.data);
  if (reports.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 py-8 text-center">
        <ShieldCheck className="size-8 text-emerald-600" aria-hidden />
        <p className="font-medium">Nenhuma denúncia aberta</p>
      </Card>
    );
  }
  return (
    <>
      <ul className="grid gap-3" aria-label="Denúncias abertas">
        {reports.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} />
          </li>
        ))}
      </ul>
      <LoadMore query={queue} label="Carregando mais denúncias..." />
    </>
  );
}

function History() {
  const log = useModerationLog();
  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];
  if (entries.length === 0) return null;
  return (
    <section className="grid gap-2">
      <h2 className="font-semibold">Histórico de decisões</h2>
      <ul
        className="grid gap-1 text-sm text-slate-600 dark:text-slate-300"
        aria-label="Histórico de decisões"
      >
        {entries.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>:{' '}
            {entry.admin.displayName} {ACTION_LABELS[entry.action]} a denúncia contra{' '}
            {entry.target.displayName}
            {entry.note && ` (${entry.note})`}
          </li>
        ))}
      </ul>
      <LoadMore query={log} label="Carregando mais..." />
    </section>
  );
}

/** /admin/denuncias: the moderation queue (the router shows it to admins only). */
export function AdminReportsPage() {
  return (
    <Page title="Denúncias" back={paths.profile()}>
      <Queue />
      <History />
    </Page>
  );
}
