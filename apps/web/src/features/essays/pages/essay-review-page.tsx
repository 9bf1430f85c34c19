import {
  COMPETENCIA_LABELS,
  type CompetenciaScores,
  ESSAY_COMMENT_MAX,
  ESSAY_COMPETENCIAS,
  ESSAY_SCORE_STEPS,
  ESSAY_ZERO_REASON_LABELS,
  ESSAY_ZERO_REASONS,
  type EssayAssignment,
  type EssayRange,
  type EssayZeroReason,
  formatBrasiliaDayMonthTime,
} from '@estudai/contract/constants';
import { Inbox, MessageSquarePlus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { MediaGallery } from '../../../components/media-gallery/media-gallery.tsx';
import { Page } from '../../../components/page.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { paths } from '../../../lib/paths.ts';
import { useNextAssignment, useSendReview } from '../api/review-essay.ts';
import { AnnotatedText, type Mark, selectionRange } from '../components/annotated-text.tsx';
import { EssayCheckWarnings } from '../components/essay-checks.tsx';
import { PromptCard } from '../components/prompt-card.tsx';

interface DraftComment extends EssayRange {
  competencia: number;
  text: string;
}

const selectClasses =
  'h-10 rounded-xl border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900';

function CorrectionForm({ assignment, onDone }: { assignment: EssayAssignment; onDone: () => void }) {
  const { essay } = assignment;
  const hasText = essay.text.trim().length > 0;
  const send = useSendReview(assignment.id);
  const textRef = useRef<HTMLDivElement>(null);
  const [scores, setScores] = useState<Partial<CompetenciaScores>>({});
  const [zero, setZero] = useState<EssayZeroReason | ''>('');
  const [comments, setComments] = useState<DraftComment[]>([]);
  const [selected, setSelected] = useState<EssayRange | null>(null);
  const [commentText, setCommentText] = useState('');
  const [commentCompetencia, setCommentCompetencia] = useState(1);
  const [general, setGeneral] = useState('');
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const onSelection = () => {
      if (!textRef.current) return;
      const range = selectionRange(textRef.current);
      if (range) setSelected(range);
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, []);

  const marks: Mark[] = [
    ...essay.checks.copiedRanges.map((range) => ({ ...range, tone: 'copied' as const })),
    ...comments.map((comment, index) => ({ ...comment, tone: 'comment' as const, label: String(index + 1) })),
  ];

  const addComment = () => {
    if (!selected || !commentText.trim()) return;
    setComments((list) => [
      ...list,
      { ...selected, competencia: commentCompetencia, text: commentText.trim() },
    ]);
    setCommentText('');
    setSelected(null);
    window.getSelection()?.removeAllRanges();
  };

  const complete = ESSAY_COMPETENCIAS.every((key) => scores[key] !== undefined);
  const handleSend = () => {
    if (!zero && !complete) {
      setMissing(true);
      return;
    }
    setMissing(false);
    send.mutate(
      {
        scores: zero ? null : (scores as CompetenciaScores),
        zeroReason: zero || null,
        comments,
        generalComment: general,
      },
      { onSuccess: onDone },
    );
  };

  return (
    <div className="grid gap-4 @4xl:grid-cols-[minmax(0,1fr)_20rem] @4xl:items-start">
      <div className="grid gap-3">
        <PromptCard prompt={essay.prompt} compact />
        <Card className="grid gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="font-semibold">Redação para corrigir</h2>
            <p className="text-xs text-slate-500">
              {hasText ? `${essay.lines} linhas · ${essay.words} palavras` : 'Escrita à mão (foto da folha)'}{' '}
              · entregue até {formatBrasiliaDayMonthTime(assignment.expiresAt)}
            </p>
          </div>
          {hasText && <p className="text-xs text-slate-500">Selecione um trecho do texto para comentá-lo.</p>}
          <AnnotatedText ref={textRef} text={essay.text} marks={marks} />
          <MediaGallery media={essay.media} whole />
        </Card>
        <EssayCheckWarnings checks={essay.checks} hasText={hasText} />
      </div>
      <div className="grid gap-3 @4xl:sticky @4xl:top-20">
        <Card padding="sm" className="grid gap-2">
          <h2 className="flex items-center gap-2 font-semibold">
            <MessageSquarePlus className="size-4" aria-hidden />
            Comentar trecho
          </h2>
          {selected ? (
            <p className="line-clamp-2 text-sm italic">“{essay.text.slice(selected.start, selected.end)}”</p>
          ) : (
            <p className="text-sm text-slate-500">Nenhum trecho selecionado.</p>
          )}
          <label className="grid gap-1 text-sm">
            Competência do comentário
            <select
              className={selectClasses}
              value={commentCompetencia}
              onChange={(event) => setCommentCompetencia(Number(event.target.value))}
            >
              {ESSAY_COMPETENCIAS.map((key, index) => (
                <option key={key} value={index + 1}>
                  {COMPETENCIA_LABELS[key]}
                </option>
              ))}
            </select>
          </label>
          <Textarea
            aria-label="Comentário do trecho"
            value={commentText}
            maxLength={ESSAY_COMMENT_MAX}
            onChange={(event) => setCommentText(event.target.value)}
            rows={2}
          />
          <Button
            size="sm"
            variant="secondary"
            onClick={addComment}
            disabled={!selected || !commentText.trim()}
          >
            Adicionar comentário
          </Button>
          {comments.length > 0 && (
            <ol className="grid gap-1 text-sm" aria-label="Comentários">
              {comments.map((comment, index) => (
                <li
                  key={`${comment.start}-${comment.end}-${comment.text}`}
                  className="flex items-start gap-2"
                >
                  <span className="font-semibold text-indigo-700 dark:text-indigo-300">
                    {index + 1} · C{comment.competencia}
                  </span>
                  <span className="min-w-0 flex-1 break-words">{comment.text}</span>
                  <button
                    type="button"
                    aria-label={`Remover comentário ${index + 1}`}
                    onClick={() => setComments((list) => list.filter((_, n) => n !== index))}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card padding="sm" className="grid gap-2">
          <h2 className="font-semibold">Notas por competência</h2>
          {ESSAY_COMPETENCIAS.map((key) => (
            <label key={key} className="flex items-center justify-between gap-2 text-sm">
              <span>{COMPETENCIA_LABELS[key]}</span>
              <select
                className={selectClasses}
                aria-label={key.toUpperCase()}
                disabled={Boolean(zero)}
                value={scores[key] ?? ''}
                onChange={(event) =>
                  setScores((current) => ({ ...current, [key]: Number(event.target.value) }))
                }
              >
                <option value="" disabled>
                  —
                </option>
                {ESSAY_SCORE_STEPS.map((step) => (
                  <option key={step} value={step}>
                    {step}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <p className="text-sm font-medium">
            Total: {ESSAY_COMPETENCIAS.reduce((sum, key) => sum + (zero ? 0 : (scores[key] ?? 0)), 0)}
          </p>
          <label className="grid gap-1 text-sm">
            Nota zero (motivo do INEP)
            <select
              className={selectClasses}
              value={zero}
              onChange={(event) => setZero(event.target.value as EssayZeroReason | '')}
            >
              <option value="">Sem nota zero</option>
              {ESSAY_ZERO_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {ESSAY_ZERO_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor="general-comment" className="text-sm">
            Comentário geral
          </label>
          <Textarea
            id="general-comment"
            value={general}
            onChange={(event) => setGeneral(event.target.value)}
            rows={3}
          />
          {missing && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              Dê as notas das cinco competências ou escolha o motivo da nota zero.
            </p>
          )}
          {send.error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {send.error.message}
            </p>
          )}
          <Button onClick={handleSend} disabled={send.isPending}>
            Enviar correção
          </Button>
        </Card>
      </div>
    </div>
  );
}

/** /redacao/corrigir: the next essay to correct (`?grupo=` a teacher's group queue), anonymous. */
export function EssayReviewPage() {
  const [params] = useSearchParams();
  const groupId = params.get('grupo') ?? undefined;
  const next = useNextAssignment();
  const [sent, setSent] = useState(0);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    next.mutate(groupId);
  }, [next, groupId]);
  const again = () => {
    setSent(0);
    next.mutate(groupId);
  };
  return (
    <Page title="Corrigir redação" back={paths.essays()}>
      <div className="@container grid gap-4">
        {sent > 0 ? (
          <Card className="grid gap-3">
            <p role="status" className="font-medium">
              Correção enviada. Obrigado!
            </p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={again}>Corrigir outra</Button>
              <Link to={paths.essays()} className={buttonClasses({ variant: 'outline' })}>
                Voltar às redações
              </Link>
            </div>
          </Card>
        ) : next.isError ? (
          <ErrorState title="Não foi possível pegar uma redação." error={next.error} onRetry={again} />
        ) : next.isSuccess && !next.data ? (
          <EmptyState icon={Inbox} title="Nenhuma redação esperando por você agora">
            Volte mais tarde: novas redações chegam o tempo todo.
          </EmptyState>
        ) : next.data ? (
          <CorrectionForm key={next.data.id} assignment={next.data} onDone={() => setSent((n) => n + 1)} />
        ) : (
          <ListSkeleton label="Procurando uma redação" rows={3} />
        )}
      </div>
    </Page>
  );
}
