import {
  SIMULADO_PERSONAL_PATH,
  SIMULADO_PERSONAL_SLUG,
  SIMULADO_QUESTIONS_MIN,
  SUBJECT_LABELS,
  simuladoLiveLabel,
} from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardPen, Clock, Pencil, Play, Printer, Send, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { Page } from '../../../components/page.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { lazyComponent } from '../../../lib/lazy-part.tsx';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useStartAttempt } from '../api/attempt.ts';
import { type SimuladoDetailWithClock, useSimulado } from '../api/get-simulado.ts';
import { usePublishSimulado } from '../api/manage-simulado.ts';
import { simuladoKeys } from '../api/simulado-keys.ts';
import { OwnerProgress } from '../components/owner-progress.tsx';
import { useSimuladoLiveCounts } from '../live/use-simulado-live.ts';
import { PAPER_VIEWS, simuladoPaperAnswersPath, simuladoPrintPath } from '../paper-paths.ts';
import { questionsText, WINDOW_LABELS, windowText } from '../simulado-format.ts';

function OrganizerActions({ simulado }: { simulado: SimuladoDetailWithClock }) {
  const publish = usePublishSimulado(simulado.id);
  const [confirming, setConfirming] = useState(false);
  const count = simulado.questionCount;
  const handlePublish = () =>
    publish.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Simulado publicado' });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: 'Não foi possível publicar', description: error.message, variant: 'destructive' });
      },
    });
  return (
    <div className="grid gap-2">
      {count < SIMULADO_QUESTIONS_MIN && (
        <p className="text-sm text-amber-700 dark:text-amber-300">
          Escolha pelo menos {SIMULADO_QUESTIONS_MIN} questões para publicar.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Link to={paths.editSimulado(simulado.id)} className={buttonClasses({ variant: 'outline' })}>
          <Pencil className="size-4" aria-hidden />
          Editar
        </Link>
        <Button onClick={() => setConfirming(true)}>
          <Send className="size-4" aria-hidden />
          Publicar
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Publicar simulado?"
        description="Depois de publicado, as questões e as regras não mudam mais e os membros do grupo podem fazê-lo."
        confirmLabel="Publicar"
        pendingLabel="Publicando..."
        isPending={publish.isPending}
        onConfirm={handlePublish}
      />
    </div>
  );
}

/** Paper (issue 42): print the booklet and the answer sheet; type the sheets back once published. */
function PaperActions({ simulado }: { simulado: SimuladoDetailWithClock }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={simuladoPrintPath(simulado.id)} className={buttonClasses({ variant: 'outline' })}>
        <Printer className="size-4" aria-hidden />
        Imprimir
      </Link>
      {simulado.status === 'published' && (
        <Link to={simuladoPaperAnswersPath(simulado.id)} className={buttonClasses({ variant: 'outline' })}>
          <ClipboardPen className="size-4" aria-hidden />
          Lançar respostas
        </Link>
      )}
    </div>
  );
}

function TakerActions({ simulado }: { simulado: SimuladoDetailWithClock }) {
  const navigate = useNavigate();
  const start = useStartAttempt(simulado.id);
  const attempt = simulado.attempt;
  if (attempt?.status === 'finished')
    return (
      <Link to={paths.simuladoResult(simulado.id)} className={buttonClasses({ size: 'lg' })}>
        Ver resultado
      </Link>
    );
  if (attempt)
    return (
      <Link to={paths.simuladoAttempt(simulado.id)} className={buttonClasses({ size: 'lg' })}>
        <Play className="size-4" aria-hidden />
        Continuar simulado
      </Link>
    );
  if (simulado.window !== 'open')
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {simulado.window === 'upcoming' ? 'Este simulado ainda não abriu.' : 'Este simulado já fechou.'}
      </p>
    );
  const handleStart = () =>
    start.mutate(undefined, {
      onSuccess: () => navigate(paths.simuladoAttempt(simulado.id)),
      onError: (error) =>
        toast({ title: 'Não foi possível começar', description: error.message, variant: 'destructive' }),
    });
  return (
    <div className="grid gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Você tem uma tentativa. O tempo começa a contar quando você começar e segue o relógio do servidor.
      </p>
      <Button size="lg" disabled={start.isPending} onClick={handleStart}>
        <Play className="size-4" aria-hidden />
        {start.isPending ? 'Começando...' : 'Começar simulado'}
      </Button>
    </div>
  );
}

/** A draft's questions, in order, before it is published (issue 36): what the organizer picked. */
function DraftQuestions({ simulado }: { simulado: SimuladoDetailWithClock }) {
  const questions = simulado.questions ?? [];
  return (
    <section aria-labelledby="draft-questions-title" className="grid gap-2">
      <h2 id="draft-questions-title" className="font-semibold">
        Questões do simulado
      </h2>
      {questions.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Nenhuma questão escolhida ainda.</p>
      ) : (
        <ol aria-label="Questões do simulado" className="grid gap-2">
          {questions.map((question) => {
            const { subject, topic } = question.questionData;
            return (
              <li key={question.index}>
                <Card padding="sm" className="grid gap-1">
                  <span className="text-xs font-medium text-slate-500 dark:text-slate-400">
                    Questão {question.index + 1}
                    {subject ? ` · ${SUBJECT_LABELS[subject]}` : ''}
                    {topic ? ` · ${topic}` : ''} · {question.questionData.options.length} alternativas
                  </span>
                  <p className="line-clamp-3 text-sm break-words">{question.questionData.question}</p>
                </Card>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

// The class results (issue 36) come in a chunk of their own, after the close only.
const ClassResults = lazyComponent(() => import('../components/class-results.tsx'), 'ClassResults', {
  fallback: (
    <p role="status" className="text-sm text-slate-500">
      Carregando resultados...
    </p>
  ),
  whenFailed: 'throw',
});

function SimuladoScreen({ simulado }: { simulado: SimuladoDetailWithClock }) {
  const queryClient = useQueryClient();
  const isLive = simulado.status === 'published' && simulado.window === 'open';
  useSimuladoLiveCounts(isLive ? [simulado.id] : [], (simuladoId, inProgress) =>
    queryClient.setQueryData<SimuladoDetailWithClock>(simuladoKeys.detail(simuladoId), (data) =>
      data ? { ...data, inProgress } : data,
    ),
  );
  const isDraft = simulado.status === 'draft';
  return (
    <div className="grid gap-4">
      <Card className="grid gap-3">
        <div className="flex flex-wrap gap-2">
          {isDraft ? <Badge>Rascunho</Badge> : <Badge tone="indigo">{WINDOW_LABELS[simulado.window]}</Badge>}
          {simulado.showRanking && <Badge tone="violet">Com ranking</Badge>}
        </div>
        <h2 className="text-xl font-semibold break-words">{simulado.title}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{windowText(simulado)}</p>
        <p className="inline-flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
          <Clock className="size-4" aria-hidden />
          {simulado.durationMinutes} minutos · {questionsText(simulado.questionCount)}
        </p>
        {isLive && (
          <p className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 dark:text-emerald-300">
            <Users className="size-4" aria-hidden />
            {simuladoLiveLabel(simulado.inProgress)}
          </p>
        )}
        {simulado.canManage && isDraft ? <OrganizerActions simulado={simulado} /> : null}
        {simulado.canManage ? <PaperActions simulado={simulado} /> : null}
        {!isDraft && !simulado.canManage ? <TakerActions simulado={simulado} /> : null}
      </Card>
      {simulado.canManage && isDraft && <DraftQuestions simulado={simulado} />}
      {simulado.canManage && !isDraft && simulado.window === 'closed' && (
        <ClassResults simuladoId={simulado.id} />
      )}
      {simulado.canManage && !isDraft && <OwnerProgress simuladoId={simulado.id} />}
    </div>
  );
}

// The paper views (issue 42) come in chunks of their own, the print styles with them.
const lazyView = { fallback: <LoadingScreen />, whenFailed: 'throw' } as const;
const SimuladoPrintPage = lazyComponent(
  () => import('./simulado-print-page.tsx'),
  'SimuladoPrintPage',
  lazyView,
);
const PersonalSimuladoPage = lazyComponent(
  () => import('./personal-simulado-page.tsx'),
  'PersonalSimuladoPage',
  lazyView,
);
const PaperAnswersPage = lazyComponent(
  () => import('./paper-answers-page.tsx'),
  'PaperAnswersPage',
  lazyView,
);

/**
 * /simulados/{id}: the simulado's card; organizers edit, publish and follow it, members take it.
 * Below it, the organizers' /imprimir and /lancar-respostas (paper-paths.ts).
 */
export function SimuladoPage() {
  const { simuladoId = '', '*': view = '' } = useParams();
  // 'Monte seu simulado' (issue 36) lives at /simulados/monte-seu-simulado, a view of this route.
  if (simuladoId === SIMULADO_PERSONAL_SLUG && view === '') return <PersonalSimuladoPage />;
  if (view === PAPER_VIEWS.print) return <SimuladoPrintPage />;
  if (view === PAPER_VIEWS.answers) return <PaperAnswersPage />;
  return <SimuladoCardPage simuladoId={simuladoId} />;
}

function SimuladoCardPage({ simuladoId }: { simuladoId: string }) {
  const query = useSimulado(simuladoId);
  const groupId = query.data?.studyGroupId;
  const back = groupId
    ? paths.studyGroup(groupId)
    : query.data
      ? SIMULADO_PERSONAL_PATH
      : paths.studyGroups();
  return (
    <Page title="Simulado" back={back} backViaHistory>
      {query.isPending ? (
        <ListSkeleton label="Carregando simulado" rows={2} />
      ) : query.isError ? (
        <ErrorState
          title="Não foi possível carregar o simulado."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <SimuladoScreen simulado={query.data} />
      )}
    </Page>
  );
}
