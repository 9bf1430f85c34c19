import {
  COMPETENCIA_LABELS,
  ESSAY_COMPETENCIAS,
  ESSAY_ZERO_REASON_LABELS,
  type EssayDetail,
  heaviestCompetencia,
} from '@estudai/contract/constants';
import { Link, useParams } from 'react-router';
import { ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { MediaGallery } from '../../../components/media-gallery/media-gallery.tsx';
import { Page } from '../../../components/page.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { useEssay } from '../api/get-essays.ts';
import { useMarkControl } from '../api/teacher-queue.ts';
import { AnnotatedText, type Mark } from '../components/annotated-text.tsx';
import { EssayCheckWarnings } from '../components/essay-checks.tsx';
import { PromptCard } from '../components/prompt-card.tsx';
import { EssayStatusBadge, formatScore } from '../components/score-badge.tsx';

const WAITING: Record<string, string> = {
  submitted: 'Duas correções independentes estão a caminho. A nota sai quando ambas terminarem.',
  third_review: 'As duas correções discordaram: uma terceira correção foi pedida, como no INEP.',
  banca: 'A terceira correção também discordou: a banca dá a correção final.',
};

function FinalScore({ essay }: { essay: EssayDetail }) {
  const score = essay.finalScore;
  if (!score) return null;
  const heaviest = heaviestCompetencia(score);
  return (
    <Card className="grid gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="font-semibold">Nota final</h2>
        <p className="text-4xl font-bold tabular-nums">{formatScore(score.total)}</p>
      </div>
      <ul className="grid grid-cols-5 gap-2 text-center" aria-label="Notas por competência">
        {ESSAY_COMPETENCIAS.map((key) => (
          <li key={key} className="rounded-xl bg-slate-50 p-2 dark:bg-slate-800/60">
            <span className="block text-xs font-semibold text-slate-500">{key.toUpperCase()}</span>
            <span className="text-lg font-semibold tabular-nums">{formatScore(score[key])}</span>
          </li>
        ))}
      </ul>
      <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
        <strong>O que mais pesou:</strong> {COMPETENCIA_LABELS[heaviest]} —{' '}
        {formatScore(200 - score[heaviest])} pontos abaixo de 200.
      </p>
    </Card>
  );
}

function Corrections({ essay }: { essay: EssayDetail }) {
  if (essay.corrections.length === 0) return null;
  return (
    <section aria-labelledby="corrections-title" className="grid gap-2">
      <h2 id="corrections-title" className="font-semibold">
        Correções lado a lado
      </h2>
      <div
        className={cn(
          'grid gap-3 @md:grid-cols-2',
          // Three (a third correction) on one row as soon as each has room for its five competências.
          essay.corrections.length === 3 && '@xl:grid-cols-3',
        )}
      >
        {essay.corrections.map((correction, index) => (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: corrections have no id and never reorder
            key={index}
            padding="sm"
            className="grid content-start gap-2"
            aria-label={`Correção ${index + 1}`}
            role="group"
          >
            <div className="flex items-baseline justify-between">
              <h3 className="font-medium">Correção {index + 1}</h3>
              <span className="text-xl font-bold tabular-nums">{correction.total}</span>
            </div>
            {correction.zeroReason ? (
              <p className="text-sm">Nota zero: {ESSAY_ZERO_REASON_LABELS[correction.zeroReason]}</p>
            ) : (
              <dl className="grid grid-cols-5 gap-1 text-center text-sm">
                {ESSAY_COMPETENCIAS.map((key) => (
                  <div key={key}>
                    <dt className="text-xs text-slate-500">{key.toUpperCase()}</dt>
                    <dd className="font-semibold tabular-nums">{correction.scores?.[key]}</dd>
                  </div>
                ))}
              </dl>
            )}
            {correction.comments.length > 0 && (
              <ol className="grid gap-1 text-sm">
                {correction.comments.map((comment, n) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: comments have no id and never reorder
                  <li key={n}>
                    <span className="font-semibold text-indigo-700 dark:text-indigo-300">
                      {index + 1}.{n + 1} · C{comment.competencia}
                    </span>{' '}
                    {comment.text}
                  </li>
                ))}
              </ol>
            )}
            {correction.generalComment && (
              <p className="rounded-lg bg-slate-50 p-2 text-sm dark:bg-slate-800/60">
                {correction.generalComment}
              </p>
            )}
          </Card>
        ))}
      </div>
    </section>
  );
}

/** A teacher of the group makes the corrected essay a control, their correction its reference. */
function MarkControl({ essayId }: { essayId: string }) {
  const mark = useMarkControl(essayId);
  return (
    <Card padding="sm" className="grid gap-2">
      <p className="text-sm">
        Use esta redação para calibrar quem corrige: ela vira uma redação de controle, anônima, com a sua
        correção como referência.
      </p>
      {mark.isSuccess ? (
        <p role="status" className="text-sm font-medium">
          Redação marcada como controle.
        </p>
      ) : (
        <Button variant="outline" onClick={() => mark.mutate()} disabled={mark.isPending}>
          Marcar como controle
        </Button>
      )}
      {mark.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {mark.error.message}
        </p>
      )}
    </Card>
  );
}

function EssayScreen({ essay }: { essay: EssayDetail }) {
  const marks: Mark[] = [
    ...essay.checks.copiedRanges.map((range) => ({ ...range, tone: 'copied' as const })),
    ...essay.corrections.flatMap((correction, index) =>
      correction.comments.map((comment, n) => ({
        start: comment.start,
        end: comment.end,
        tone: 'comment' as const,
        label: `${index + 1}.${n + 1}`,
      })),
    ),
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <EssayStatusBadge status={essay.status} />
        {essay.lines} linhas · {essay.words} palavras
      </div>
      {essay.status === 'draft' && (
        <Link to={paths.writeEssay(essay.id)} className={buttonClasses({})}>
          Continuar escrevendo
        </Link>
      )}
      {WAITING[essay.status] && <Card padding="sm">{WAITING[essay.status]}</Card>}
      <FinalScore essay={essay} />
      <div className="grid gap-4 @4xl:grid-cols-[minmax(0,1fr)_16rem] @4xl:items-start">
        <Card className="grid gap-3">
          <h2 className="font-semibold break-words">{essay.prompt.title}</h2>
          <AnnotatedText text={essay.text} marks={marks} />
          <MediaGallery media={essay.media} own={essay.isAuthor} whole />
        </Card>
        <div className="grid gap-3">
          <EssayCheckWarnings checks={essay.checks} hasText={essay.text.trim().length > 0} />
          <PromptCard prompt={essay.prompt} compact />
        </div>
      </div>
      <Corrections essay={essay} />
      {!essay.isAuthor && essay.status === 'done' && essay.destination === 'group' && (
        <MarkControl essayId={essay.id} />
      )}
    </div>
  );
}

/** /redacao/{id}: the essay, its status, and once corrected its final score and the corrections. */
export function EssayPage() {
  const { essayId = '' } = useParams();
  const query = useEssay(essayId);
  return (
    <Page title="Redação" back={paths.essays()} backViaHistory>
      <div className="@container grid gap-4">
        {query.data ? (
          <EssayScreen essay={query.data} />
        ) : query.isError ? (
          <ErrorState
            title="Não foi possível abrir a redação."
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <ListSkeleton label="Carregando redação" rows={3} />
        )}
      </div>
    </Page>
  );
}
