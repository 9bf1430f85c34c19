import { type Competencia, ESSAY_COMPETENCIAS, type EssayReliability } from '@estudai/contract/constants';
import { FileText, PenLine } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';
import { useEssayPrompts, useMyEssays, useReliability } from '../api/get-essays.ts';
import { useCreateEssay } from '../api/save-essay.ts';
import { CompetenciaChart } from '../components/competencia-chart.tsx';
import { EssayStatusBadge, formatScore } from '../components/score-badge.tsx';
import { TeacherQueue, useTeacherQueue } from '../components/teacher-queue.tsx';

/** 'Você costuma dar 40 pontos a mais na C3': the largest mean deviation, when it is 20 or more. */
function deviationNote(reliability: EssayReliability): string | null {
  if (!reliability.meanDeviation) return null;
  let worst: Competencia = 'c1';
  for (const key of ESSAY_COMPETENCIAS)
    if (Math.abs(reliability.meanDeviation[key]) > Math.abs(reliability.meanDeviation[worst])) worst = key;
  const deviation = Math.round(reliability.meanDeviation[worst]);
  if (Math.abs(deviation) < 20) return null;
  return `Você costuma dar ${Math.abs(deviation)} pontos a ${deviation > 0 ? 'mais' : 'menos'} na ${worst.toUpperCase()}.`;
}

function GraderCard() {
  const reliability = useReliability().data;
  const note = reliability ? deviationNote(reliability) : null;
  return (
    <Card padding="sm" className="grid gap-2">
      <h2 className="font-semibold">Corrigir redações</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Corrija 2, receba 2: cada redação enviada à comunidade pede duas correções suas antes.
        {reliability &&
          reliability.owed > 0 &&
          ` ${reliability.owed === 1 ? 'Falta 1 correção' : `Faltam ${reliability.owed} correções`} para o próximo envio.`}
      </p>
      {reliability && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {reliability.controls}{' '}
          {reliability.controls === 1 ? 'correção de controle' : 'correções de controle'}
          {reliability.qwk &&
            ` · concordância média ${(ESSAY_COMPETENCIAS.reduce((sum, key) => sum + (reliability.qwk?.[key] ?? 0), 0) / 5).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}`}
          {reliability.eligible ? '' : ' · em calibração'}
        </p>
      )}
      {note && <p className="text-sm font-medium text-amber-800 dark:text-amber-200">{note}</p>}
      <Link to={paths.reviewEssays()} className={buttonClasses({ variant: 'outline' })}>
        <PenLine className="size-4" aria-hidden />
        Corrigir uma redação
      </Link>
    </Card>
  );
}

function Prompts({ prompts }: { prompts: ReturnType<typeof useEssayPrompts> }) {
  const create = useCreateEssay();
  const navigate = useNavigate();
  const start = async (promptId: string) => {
    const essay = await create.mutateAsync(promptId);
    navigate(paths.writeEssay(essay.id));
  };
  if (prompts.isError)
    return (
      <ErrorState
        title="Não foi possível carregar as propostas."
        error={prompts.error}
        onRetry={() => void prompts.refetch()}
      />
    );
  if (!prompts.data) return <ListSkeleton label="Carregando propostas" rows={2} />;
  return (
    <section aria-labelledby="prompts-title" className="grid gap-2">
      <h2 id="prompts-title" className="font-semibold">
        Propostas de redação
      </h2>
      {create.error && (
        <p role="alert" className="text-sm text-red-700">
          {create.error.message}
        </p>
      )}
      <ul className="grid gap-2">
        {prompts.data.data.map((prompt) => (
          <li key={prompt.id}>
            <Card padding="sm" className="flex items-center justify-between gap-3">
              <span className="min-w-0 text-sm font-medium break-words">{prompt.title}</span>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Escrever sobre ${prompt.title}`}
                disabled={create.isPending}
                onClick={() => void start(prompt.id)}
              >
                Escrever
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /redacao: the viewer's essays with score and status, the chart, the proposals and correcting. */
export function EssaysPage() {
  const essays = useMyEssays();
  const prompts = useEssayPrompts();
  const queue = useTeacherQueue();
  // The page shows once its lists have answered, all at once: a list arriving after the others
  // pushed the ones below it down the screen, under a finger about to tap them.
  if (queue.pending || essays.isPending || prompts.isPending)
    return (
      <Page title="Redação">
        <ListSkeleton label="Carregando redações" rows={3} />
      </Page>
    );
  return (
    <Page title="Redação">
      <div className="@container grid gap-4">
        <TeacherQueue groups={queue.groups} />
        <div className="grid gap-4 @4xl:grid-cols-[minmax(0,1fr)_18rem] @4xl:items-start">
          <div className="grid gap-4">
            <section aria-labelledby="mine-title" className="grid gap-2">
              <h2 id="mine-title" className="font-semibold">
                Minhas redações
              </h2>
              {essays.data ? (
                essays.data.data.length === 0 ? (
                  <EmptyState icon={FileText} title="Nenhuma redação ainda">
                    Escolha uma proposta abaixo e escreva a sua primeira.
                  </EmptyState>
                ) : (
                  <>
                    <Card padding="sm">
                      <h3 className="mb-2 text-sm font-medium">Suas competências ao longo do tempo</h3>
                      <CompetenciaChart essays={essays.data.data} />
                      {!essays.data.data.some((essay) => essay.finalScore) && (
                        <p className="text-sm text-slate-500">
                          O gráfico aparece com a primeira redação corrigida.
                        </p>
                      )}
                    </Card>
                    <ul className="grid gap-2" aria-label="Minhas redações">
                      {essays.data.data.map((essay) => (
                        <li key={essay.id}>
                          <Link
                            to={essay.status === 'draft' ? paths.writeEssay(essay.id) : paths.essay(essay.id)}
                            className="flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 hover:bg-slate-50 dark:border-slate-700/60 dark:bg-slate-900 dark:hover:bg-slate-800"
                          >
                            <span className="grid min-w-0 gap-1">
                              <span className="text-sm font-medium break-words">{essay.prompt.title}</span>
                              <span className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                                <EssayStatusBadge status={essay.status} />
                                {essay.lines} linhas · {essay.words} palavras
                              </span>
                            </span>
                            {essay.finalScore && (
                              <span className="text-2xl font-bold tabular-nums">
                                {formatScore(essay.finalScore.total)}
                              </span>
                            )}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                )
              ) : essays.isError ? (
                <ErrorState
                  title="Não foi possível carregar suas redações."
                  error={essays.error}
                  onRetry={() => void essays.refetch()}
                />
              ) : null}
            </section>
            <Prompts prompts={prompts} />
          </div>
          <GraderCard />
        </div>
      </div>
    </Page>
  );
}
