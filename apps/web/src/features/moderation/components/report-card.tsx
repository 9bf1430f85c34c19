import {
  type ModerationAction,
  REPORT_REASON_LABELS,
  type ReportedContent,
  type ReportQueueItem,
} from '@estudai/contract/constants';
import { Ban, Check, ExternalLink, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDateTime, formatRelativeAgo } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useResolveReport } from '../api/resolve-report.ts';

const KIND_LABELS: Record<ReportedContent['kind'], string> = {
  user: 'Perfil denunciado',
  post: 'Publicação denunciada',
  comment: 'Comentário denunciado',
  message: 'Mensagem denunciada',
};

/** The reported post, comment or message as it is now (or the copy kept), with a link to it. */
function ReportedContentBox({ content }: { content: ReportedContent }) {
  const href = content.postId
    ? content.kind === 'comment'
      ? paths.postComments(content.postId, content.id)
      : paths.post(content.postId)
    : null;
  return (
    <section
      aria-label={KIND_LABELS[content.kind]}
      className="grid min-w-0 gap-1.5 rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700"
    >
      <p className="flex flex-wrap items-center gap-x-2 text-xs font-medium text-slate-500 dark:text-slate-400">
        {KIND_LABELS[content.kind]}
        {content.deleted && <span>· excluído pelo autor (cópia guardada)</span>}
        {!content.deleted && content.hidden && <span>· oculto</span>}
      </p>
      <p className="line-clamp-4 whitespace-pre-line wrap-anywhere">{content.text || 'Sem texto.'}</p>
      {content.mediaUrls.length > 0 && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {content.mediaUrls.length === 1 ? '1 anexo' : `${content.mediaUrls.length} anexos`}
        </p>
      )}
      {href && !content.deleted && (
        <Link
          to={href}
          className="inline-flex w-fit items-center gap-1 font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        >
          <ExternalLink className="size-4" aria-hidden />
          {content.kind === 'comment' ? 'Abrir comentário' : 'Abrir publicação'}
        </Link>
      )}
    </section>
  );
}

/** One open report: who reported whom, why, how long ago, and the three decisions. */
export function ReportCard({ report }: { report: ReportQueueItem }) {
  const resolve = useResolveReport();
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const decide = (action: ModerationAction) => {
    if (resolve.isPending) return;
    resolve.mutate({ reportId: report.id, input: { action } }, { onSettled: () => setConfirmSuspend(false) });
  };

  return (
    <Card
      padding="sm"
      className="grid gap-3"
      aria-label={`Denúncia contra ${report.target.displayName}`}
      role="article"
    >
      <div className="flex items-start gap-3">
        <UserAvatar name={report.target.displayName} src={report.target.avatar} />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <Link to={paths.user(report.target.id)} className="truncate font-semibold hover:underline">
            {report.target.displayName}
          </Link>
          <p className="truncate text-sm text-slate-500 dark:text-slate-400">
            @{report.target.username}
            {report.target.reportsCount > 1 && ` · ${report.target.reportsCount} denúncias abertas`}
          </p>
        </div>
        <time
          dateTime={report.createdAt}
          title={formatDateTime(report.createdAt)}
          className="text-sm text-slate-500"
        >
          {formatRelativeAgo(report.createdAt)}
        </time>
      </div>
      <p className="text-sm">
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
          {REPORT_REASON_LABELS[report.reason]}
        </span>{' '}
        <span className="text-slate-500 dark:text-slate-400">
          por {report.reporter.displayName} (@{report.reporter.username})
        </span>
      </p>
      {report.content && <ReportedContentBox content={report.content} />}
      {report.description && (
        <blockquote className="rounded-xl bg-slate-50 p-3 text-sm whitespace-pre-line dark:bg-slate-800/60">
          {report.description}
        </blockquote>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" disabled={resolve.isPending} onClick={() => decide('dismiss')}>
          <Check className="size-4" aria-hidden />
          Arquivar
        </Button>
        <Button size="sm" variant="outline" disabled={resolve.isPending} onClick={() => decide('warn')}>
          <TriangleAlert className="size-4" aria-hidden />
          Advertir
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={resolve.isPending}
          onClick={() => setConfirmSuspend(true)}
        >
          <Ban className="size-4" aria-hidden />
          Suspender
        </Button>
      </div>
      <Dialog open={confirmSuspend} onOpenChange={setConfirmSuspend}>
        <DialogContent
          title={`Suspender ${report.target.displayName}?`}
          description="A conta não poderá mais entrar, as sessões abertas terminam e os posts saem do feed."
        >
          <div className="flex justify-end gap-2 p-5">
            <Button variant="outline" onClick={() => setConfirmSuspend(false)}>
              Cancelar
            </Button>
            <Button variant="destructive" disabled={resolve.isPending} onClick={() => decide('suspend')}>
              {resolve.isPending ? 'Suspendendo...' : 'Confirmar suspensão'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
