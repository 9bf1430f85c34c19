import type { SimuladoQuestion } from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Bookmark, BookmarkCheck, ChevronLeft, ChevronRight, CloudOff, Flag } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { AnswerOptions } from '../../../components/question/answer-options.tsx';
import { QuestionImage } from '../../../components/question/question-image.tsx';
import { QuestionMetaChips } from '../../../components/question/question-meta.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';
import { submitAttempt } from '../api/attempt.ts';
import { type SimuladoDetailWithClock, useSimulado } from '../api/get-simulado.ts';
import { simuladoKeys } from '../api/simulado-keys.ts';
import { Countdown } from '../components/countdown.tsx';
import { QuestionMap } from '../components/question-map.tsx';
import { clearAnswerQueue, readAnswerQueue } from '../offline/answer-queue.ts';
import { useCurrentQuestion } from '../offline/current-question.ts';
import { useReviewMarks } from '../offline/review-marks.ts';
import { useAttemptAnswers } from '../offline/use-attempt-answers.ts';

/** The arrow leaves the screen, not the attempt: the server's clock keeps running. */
export const LEAVE_ATTEMPT_LABEL = 'Sair da prova: o simulado continua e o tempo segue correndo';

const pendingText = (count: number) =>
  count === 1 ? '1 resposta aguardando sincronização' : `${count} respostas aguardando sincronização`;

function SyncStatus({ pendingCount }: { pendingCount: number }) {
  return (
    <p
      aria-live="polite"
      className={
        pendingCount > 0
          ? 'flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200'
          : 'text-sm text-slate-500 dark:text-slate-400'
      }
    >
      {pendingCount > 0 && <CloudOff className="size-4 shrink-0" aria-hidden />}
      {pendingCount > 0 ? pendingText(pendingCount) : 'Respostas salvas'}
    </p>
  );
}

function QuestionView({
  question,
  total,
  value,
  onChoose,
}: {
  question: SimuladoQuestion;
  total: number;
  value: number | null;
  onChoose: (option: number) => void;
}) {
  const data = question.questionData;
  return (
    <Card className="grid gap-3">
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">
        Questão {question.index + 1} de {total}
      </p>
      <QuestionMetaChips meta={data} />
      <div className="min-w-0 break-words">
        <RichText text={data.question} />
        <QuestionImage image={data.image} />
      </div>
      <AnswerOptions
        name={`simulado-question-${question.index}`}
        legend={`Alternativas da questão ${question.index + 1}`}
        options={data.options}
        value={value}
        onChange={onChoose}
        locked={false}
        eliminationKey={`simulado:${question.postId}:${question.questionIndex ?? 0}`}
      />
    </Card>
  );
}

/** 'Finalizar?': the blanks and the questions still marked for review, then what handing in means. */
export function finishText(blanks: number, marked: number): string {
  const parts: string[] = [];
  if (blanks > 0) parts.push(`deixou ${blanks} ${blanks === 1 ? 'questão' : 'questões'} em branco`);
  if (marked > 0)
    parts.push(`tem ${marked} ${marked === 1 ? 'questão marcada' : 'questões marcadas'} para revisar`);
  const after = 'Depois de entregar, não dá para mudar as respostas.';
  return parts.length > 0 ? `Você ${parts.join(' e ')}. ${after}` : after;
}

const LETTER_KEYS = ['a', 'b', 'c', 'd', 'e'];

/**
 * A desktop's keys (issue 36): ← and → move between questions, A–E choose an alternative. Not
 * while typing in a field, nor with Ctrl, Alt or ⌘ (the browser's own shortcuts), nor while a
 * dialog is open. → and ← on a focused alternative move between questions too, not the choice.
 */
function useAttemptKeys(options: {
  enabled: boolean;
  optionCount: number;
  onPrevious: () => void;
  onNext: () => void;
  onChoose: (option: number) => void;
}) {
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { enabled, optionCount, onPrevious, onNext, onChoose } = latest.current;
      if (!enabled || event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('[role="dialog"]')) return;
      const typing =
        target instanceof HTMLTextAreaElement ||
        target?.isContentEditable ||
        (target instanceof HTMLInputElement && !['radio', 'checkbox'].includes(target.type));
      if (typing) return;
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        if (event.key === 'ArrowLeft') onPrevious();
        else onNext();
        return;
      }
      const option = LETTER_KEYS.indexOf(event.key.toLowerCase());
      if (option >= 0 && option < optionCount && !event.shiftKey) {
        event.preventDefault();
        onChoose(option);
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}

function AttemptScreen({ simulado, userId }: { simulado: SimuladoDetailWithClock; userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const attempt = simulado.attempt;
  const questions = simulado.questions ?? [];
  const [current, setCurrent] = useCurrentQuestion(userId, simulado.id, questions.length);
  const [confirming, setConfirming] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  const finishingRef = useRef(false);
  const { marks, toggle } = useReviewMarks(userId, simulado.id);
  const syncRef = useRef<() => Promise<number>>(async () => 0);

  const finish = useCallback(
    async (early: boolean) => {
      if (finishingRef.current) return;
      finishingRef.current = true;
      setFinishing(true);
      await syncRef.current();
      // Handing in with answers still on the device would lose them: the taker tries again online.
      if (early && readAnswerQueue(userId, simulado.id).length > 0) {
        finishingRef.current = false;
        setFinishing(false);
        setFinishError('Sem conexão: as respostas ainda não chegaram ao servidor. Tente finalizar de novo.');
        return;
      }
      try {
        await submitAttempt(simulado.id);
      } catch (error) {
        // Handing in early needs the server; when the time is over the server closes it by itself.
        if (early) {
          finishingRef.current = false;
          setFinishing(false);
          setFinishError(error instanceof Error ? error.message : 'Não foi possível entregar.');
          return;
        }
      }
      clearAnswerQueue(userId, simulado.id);
      await queryClient.invalidateQueries({ queryKey: simuladoKeys.one(simulado.id) });
      navigate(paths.simuladoResult(simulado.id), { replace: true });
    },
    [navigate, queryClient, simulado.id, userId],
  );
  const handleEnded = useCallback(() => void finish(false), [finish]);
  const { answers, pendingCount, choose, sync } = useAttemptAnswers(
    userId,
    simulado.id,
    attempt?.answers ?? [],
    handleEnded,
  );
  syncRef.current = sync;

  const question = questions[current];
  useAttemptKeys({
    enabled: Boolean(attempt && question) && !confirming && !finishing,
    optionCount: question?.questionData.options.length ?? 0,
    onPrevious: () => setCurrent(current - 1),
    onNext: () => setCurrent(current + 1),
    onChoose: (option) => choose(current, option),
  });
  if (!attempt || !question) return null;
  const total = questions.length;
  const isMarked = marks.has(current);
  const blanks = total - answers.size;

  return (
    <Page
      title={simulado.title}
      back={paths.simulado(simulado.id)}
      backLabel={LEAVE_ATTEMPT_LABEL}
      wrapTitle
      actions={<Countdown endsAt={attempt.endsAt} clock={simulado.clock} onEnd={handleEnded} />}
    >
      <div className="grid gap-4">
        <SyncStatus pendingCount={pendingCount} />
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Pode sair pela seta e voltar depois: o simulado continua e o tempo segue correndo.
        </p>
        <QuestionView
          question={question}
          total={total}
          value={answers.get(current) ?? null}
          onChoose={(option) => choose(current, option)}
        />
        <div className="grid grid-cols-[auto_1fr_auto] items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Questão anterior"
            disabled={current === 0}
            onClick={() => setCurrent(current - 1)}
          >
            <ChevronLeft className="size-5" aria-hidden />
          </Button>
          <Button
            variant={isMarked ? 'secondary' : 'outline'}
            aria-pressed={isMarked}
            onClick={() => toggle(current)}
          >
            {isMarked ? (
              <BookmarkCheck className="size-4 text-amber-500" aria-hidden />
            ) : (
              <Bookmark className="size-4" aria-hidden />
            )}
            Marcar para revisar
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Próxima questão"
            disabled={current === total - 1}
            onClick={() => setCurrent(current + 1)}
          >
            <ChevronRight className="size-5" aria-hidden />
          </Button>
        </div>
        <p className="hidden text-xs text-slate-500 lg:block dark:text-slate-400">
          No teclado: ← e → mudam de questão; A a{' '}
          {LETTER_KEYS[question.questionData.options.length - 1]?.toUpperCase()} escolhem a alternativa.
        </p>
        <Card className="grid gap-3">
          <h2 className="font-semibold">Mapa de questões</h2>
          <QuestionMap total={total} current={current} answers={answers} marks={marks} onGo={setCurrent} />
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {answers.size} de {total} respondidas · {marks.size} para revisar
          </p>
        </Card>
        {finishError && (
          <p
            role="alert"
            className="rounded-xl bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-200"
          >
            {finishError}
          </p>
        )}
        <Button variant="destructive" size="lg" disabled={finishing} onClick={() => setConfirming(true)}>
          <Flag className="size-4" aria-hidden />
          {finishing ? 'Entregando...' : 'Finalizar'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Finalizar o simulado?"
        description={finishText(blanks, marks.size)}
        confirmLabel="Finalizar"
        pendingLabel="Entregando..."
        isPending={finishing}
        onConfirm={() => {
          setConfirming(false);
          void finish(true);
        }}
      />
    </Page>
  );
}

/** /simulados/{id}/prova: one question at a time on the server's clock; answers saved as chosen. */
export function SimuladoAttemptPage() {
  const { simuladoId = '' } = useParams();
  const { user } = useAuth();
  const query = useSimulado(simuladoId);
  // A refetch that failed (offline) keeps the data: the attempt goes on with it.
  if (!query.data || !user)
    return (
      <Page title="Simulado" back={paths.simulado(simuladoId)}>
        {query.isError ? (
          <ErrorState
            title="Não foi possível carregar o simulado."
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <ListSkeleton label="Carregando simulado" rows={2} />
        )}
      </Page>
    );
  const attempt = query.data.attempt;
  if (!attempt) return <Navigate to={paths.simulado(simuladoId)} replace />;
  if (attempt.status === 'finished') return <Navigate to={paths.simuladoResult(simuladoId)} replace />;
  return <AttemptScreen simulado={query.data} userId={user.id} />;
}
